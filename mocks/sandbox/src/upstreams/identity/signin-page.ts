/** The sandbox identity provider's sign-in page: a plain, accessible HTML form. */

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface SignInPage {
  action: string;
  email?: string;
  error?: string;
  lang?: string;
}

export function signInPage({ action, email = '', error, lang = 'en' }: SignInPage): string {
  const errorBlock = error ? `<p id="signin-error" class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="signin-error" aria-invalid="true"' : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Sandbox identity provider</title>
<style>
body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem;font-size:1rem;border:1px solid #555}
input:focus,button:focus{outline:3px solid #005fcc;outline-offset:2px}
button{margin-top:1.5rem;margin-right:.5rem;padding:.6rem 1.2rem;font-size:1rem}
.error{color:#a00000;font-weight:600;border-left:4px solid #a00000;padding-left:.5rem}
.hint{font-size:.9rem;color:#444}
</style>
</head>
<body>
<main>
<h1>Sign in</h1>
<p class="hint">Sandbox identity provider. Seed shoppers: alex.owner@example.com, kim.driver@example.com, sam.other@example.com (password Sandbox-Pass-1).</p>
${errorBlock}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main>
</body>
</html>`;
}
