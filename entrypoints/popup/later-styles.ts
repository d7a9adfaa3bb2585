// The styles of the parts drawn after the form (the links the page has, the result, Link options,
// UTM parameters, tags, all tabs): added by the chunks that draw them (later.ts, AllTabs.tsx),
// once, before any of those parts is drawn, so that the first script holds only the form's.
import tagChipCss from '../../components/ui/tag-chip.css?inline';
import allTabsCss from './all-tabs.css?inline';
import campaignsCss from './campaigns/campaigns.css?inline';
import linksCss from './links.css?inline';

const styles = document.createElement('style');
styles.textContent = linksCss + allTabsCss + campaignsCss + tagChipCss;
document.head.append(styles);
