/**
 * Puts the widget's stylesheet into its shadow root. A constructable stylesheet
 * (`adoptedStyleSheets`) needs no `<style>` element, so a host page's CSP needs no
 * `style-src 'unsafe-inline'` and no nonce for it; browsers without them get a `<style>` carrying
 * the nonce.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce: string | undefined): void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return;
    } catch {
      // Constructable stylesheets announced but refused: fall back to a <style> element.
    }
  }
  const style = document.createElement('style');
  if (nonce !== undefined) style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
}
