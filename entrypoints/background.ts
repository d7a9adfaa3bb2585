import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  // The context menu, keyboard command and clipboard come with the popup issue.
});
