/** A self-contained page that renders /openapi.json (no external scripts). */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>umpire API</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  h1 { margin-bottom: 0; } code, pre { font: 13px ui-monospace, monospace; }
  .op { border: 1px solid #d5dbe5; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem; }
  .method { display: inline-block; min-width: 4rem; font-weight: 700; }
  .get { color: #1a7f37; } .post { color: #0550ae; }
  pre { background: #f6f8fa; padding: .75rem; overflow-x: auto; border-radius: 4px; }
  details summary { cursor: pointer; }
</style>
</head>
<body>
<h1>umpire API</h1>
<p id="about">Loading <a href="/openapi.json">/openapi.json</a>…</p>
<div id="ops"></div>
<script>
fetch('/openapi.json').then((r) => r.json()).then((doc) => {
  document.getElementById('about').textContent = doc.info.description + ' Version ' + doc.info.version + '. Errors are { error: { code, message, details? } }.';
  const ops = document.getElementById('ops');
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const box = document.createElement('div');
      box.className = 'op';
      const head = document.createElement('div');
      head.innerHTML = '<span class="method ' + method + '"></span><code></code> — <span></span>';
      head.children[0].textContent = method.toUpperCase();
      head.children[1].textContent = path;
      head.children[2].textContent = op.summary;
      box.appendChild(head);
      const more = document.createElement('details');
      more.innerHTML = '<summary>details</summary><pre></pre>';
      more.querySelector('pre').textContent = JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2);
      box.appendChild(more);
      ops.appendChild(box);
    }
  }
});
</script>
</body>
</html>`;
}
