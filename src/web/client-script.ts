/**
 * The pages' one script (/assets/site.js), progressive enhancement only: every
 * page and form works without it on a server without AUTH=required. With it:
 * - an API key pasted once is kept in localStorage and sent as `Authorization: Bearer`
 *   with every form (submitted by fetch) and every owner-only part of a page;
 * - an owner-only page the server could not show without the key is fetched again with it;
 * - owner-only downloads (logs) are fetched with the key and saved.
 */
/** The header value that asks a match page for its errors part only (src/web/seat-errors.tsx). */
export const ERRORS_PART = 'errors';

export const CLIENT_SCRIPT = `(() => {
  const STORE = 'umpire.apiKey';
  const key = () => { try { return localStorage.getItem(STORE) || ''; } catch { return ''; } };
  const auth = () => (key() ? { Authorization: 'Bearer ' + key() } : {});

  const keyForm = document.getElementById('key-form');
  const keyStatus = document.getElementById('key-status');
  const showKey = () => { if (keyStatus) keyStatus.textContent = key() ? 'A key is saved in this browser.' : 'No key saved.'; };
  if (keyForm) {
    keyForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const value = keyForm.elements.namedItem('key').value.trim();
      try { if (value) localStorage.setItem(STORE, value); else localStorage.removeItem(STORE); } catch {}
      keyForm.reset();
      showKey();
      location.reload();
    });
    keyForm.querySelector('[data-forget]')?.addEventListener('click', () => { try { localStorage.removeItem(STORE); } catch {} showKey(); location.reload(); });
    showKey();
  }

  const enhance = (root) => {
    for (const form of root.querySelectorAll('form[data-api-form]')) {
      form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const note = form.querySelector('[role="alert"]');
        const button = form.querySelector('button[type="submit"], button:not([type])');
        if (note) note.textContent = '';
        if (button) { button.disabled = true; button.dataset.label = button.textContent; button.textContent = 'Working…'; }
        try {
          const response = await fetch(form.action, { method: 'POST', body: new FormData(form), headers: { Accept: 'application/json', ...auth() } });
          const body = await response.json().catch(() => ({}));
          if (response.ok && body.location) { location.assign(body.location); return; }
          if (note) note.textContent = (body.error && body.error.message) || 'The request failed (' + response.status + ').';
        } catch (err) {
          if (note) note.textContent = 'The request failed: ' + err.message;
        }
        if (button) { button.disabled = false; button.textContent = button.dataset.label; }
      });
    }
    for (const link of root.querySelectorAll('a[data-with-key]')) {
      link.addEventListener('click', async (e) => {
        if (!key()) return;
        e.preventDefault();
        const response = await fetch(link.href, { headers: auth() });
        if (!response.ok) { alert('Download refused (' + response.status + ')'); return; }
        const url = URL.createObjectURL(await response.blob());
        const a = Object.assign(document.createElement('a'), { href: url, download: link.getAttribute('download') || '' });
        document.body.append(a); a.click(); a.remove(); URL.revokeObjectURL(url);
      });
    }
  };
  enhance(document);

  const main = document.querySelector('main[data-needs-key]');
  if (main && key()) {
    fetch(location.href, { headers: { ...auth(), 'X-Umpire-Fragment': '1' } })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error('the page answered ' + r.status))))
      .then((html) => { main.innerHTML = html; main.removeAttribute('data-needs-key'); enhance(main); })
      .catch((err) => { const note = main.querySelector('[role="alert"]'); if (note) note.textContent = 'With the saved key: ' + err.message; });
  }

  // A match page's errors, read again with the saved key: the server renders them as text.
  const errors = document.getElementById('seat-errors');
  if (errors && key()) {
    fetch(location.href, { headers: { ...auth(), 'X-Umpire-Fragment': '${ERRORS_PART}' } })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error('the page answered ' + r.status))))
      .then((html) => { errors.outerHTML = html; document.body.dataset.errors = 'shown'; })
      .catch(() => { document.body.dataset.errors = 'failed'; });
  } else if (errors) document.body.dataset.errors = 'shown';
})();`;
