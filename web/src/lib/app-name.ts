/** The product name, filled in by the server from APP_NAME (see server/app.ts). */
export const APP_NAME = (() => {
  const content = document.querySelector('meta[name="app-name"]')?.getAttribute('content');
  return content && content !== '__APP_NAME__' ? content : 'Japan Arrival Card';
})();
