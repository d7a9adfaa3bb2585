// The popup's flows, written once for both browser suites: test/e2e/popup-page.ts (Playwright on
// Chromium) and test/firefox/popup-page.ts (Puppeteer on Firefox) extend this class and supply
// each step the way their driver takes it.

export type PopupField = 'Destination URL' | 'Title' | 'Back-half' | 'Domain';
export type PopupTextField = Exclude<PopupField, 'Domain'>;
export type ShortenFields = {
  backHalf?: string;
  domain?: string;
  title?: string;
  destinationUrl?: string;
};

export abstract class PopupFlows {
  /** Replaces the field's text with `value`. */
  protected abstract fillField(name: PopupTextField, value: string): Promise<void>;
  protected abstract chooseDomain(domain: string): Promise<void>;
  protected abstract pressButton(name: string): Promise<void>;
  /** Waits until the popup's alert says `said`. */
  protected abstract expectAlert(said: string | RegExp): Promise<void>;
  /** Checks that the failure offers the action named `name` as a button. */
  protected abstract expectAction(name: string): Promise<void>;
  protected abstract expectValue(name: PopupField, value: string): Promise<void>;

  /** Fills in the fields given, in the form's order, and presses "Shorten". */
  async shorten(fields: ShortenFields = {}): Promise<void> {
    if (fields.destinationUrl !== undefined) {
      await this.fillField('Destination URL', fields.destinationUrl);
    }
    if (fields.title !== undefined) await this.fillField('Title', fields.title);
    if (fields.backHalf !== undefined) await this.fillField('Back-half', fields.backHalf);
    if (fields.domain !== undefined) await this.chooseDomain(fields.domain);
    await this.pressButton('Shorten');
  }

  /**
   * What every failure must do: say what happened, offer the actions that help, and keep what was
   * typed in `kept`.
   */
  async expectFailure(
    said: string | RegExp,
    actions: string[],
    kept: { field: PopupField; value: string },
  ): Promise<void> {
    await this.expectAlert(said);
    for (const name of actions) await this.expectAction(name);
    await this.expectValue(kept.field, kept.value);
  }
}
