/**
 * A classic script, built apart from the app: browsers refuse to load ES
 * modules from a page opened as a file (file://), so there the app never runs
 * and the page would say "Connecting…" for ever. This says what is wrong and
 * how to open the pad instead, naming the folder to serve.
 */
if (location.protocol === 'file:') {
  const folder = decodeURIComponent(location.pathname.replace(/\/[^/]*$/, '/'));
  const serve = document.getElementById('file-page-serve');
  if (serve !== null) serve.textContent = `cd '${folder.replaceAll("'", "'\\''")}' && python3 -m http.server 8000`;
  const app = document.getElementById('app');
  if (app !== null) app.hidden = true;
  const notice = document.getElementById('file-page');
  if (notice !== null) notice.hidden = false;
}
