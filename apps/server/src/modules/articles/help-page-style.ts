/**
 * The look of the help pages the server writes (DESIGN.md §28): the public pages' frame of the app
 * (the brand above one card on a light blue wash, the app's fonts and Mantine's colours), written
 * in one style element so that the page needs no other file than the logo. The CSP allows inline
 * styles (Mantine writes its own); it allows no inline script, and the page has none.
 */
export const HELP_PAGE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:"Noto Sans Bengali",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
font-size:16px;line-height:1.55;color:#212529;background:#f8f9fa}
.page{min-height:100dvh;padding:32px 16px;background:linear-gradient(160deg,#e7f5ff 0%,#f8f9fa 55%)}
.column{width:100%;max-width:760px;margin:0 auto;display:flex;flex-direction:column;gap:16px}
.top{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;color:inherit;text-decoration:none}
.top nav ul{display:flex;gap:16px;list-style:none;margin:0;padding:0;font-size:14px}
a{color:#1971c2}
a:focus-visible,button:focus-visible,input:focus-visible{outline:2px solid #1971c2;outline-offset:2px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1);
padding:32px;display:flex;flex-direction:column;gap:20px}
h1{font-size:26px;line-height:1.35;margin:0}
.intro,.dimmed{color:#495057;font-size:14px;margin:4px 0 0}
.back{font-size:14px}
.search label{display:block;font-weight:500;font-size:14px;margin-bottom:4px}
.search .row{display:flex;gap:8px}
.search input{flex:1;min-width:0;font:inherit;font-size:16px;padding:7px 12px;border:1px solid #ced4da;border-radius:8px;background:#fff;color:inherit}
.search button{font:inherit;font-size:14px;font-weight:600;padding:7px 16px;border:0;border-radius:8px;background:#1971c2;color:#fff;cursor:pointer}
.list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.list a{font-weight:500}
.pages{display:flex;gap:16px;align-items:center;font-size:14px;flex-wrap:wrap}
.body{overflow-wrap:anywhere}
.body img{max-width:100%;height:auto}
.body pre{overflow-x:auto;background:#f1f3f5;padding:12px;border-radius:8px}
.body code{background:#f1f3f5;border-radius:4px;padding:0 4px;font-size:.9em}
.body pre code{padding:0;background:none}
.body table{border-collapse:collapse;display:block;overflow-x:auto}
.body th,.body td{border:1px solid #dee2e6;padding:4px 8px}
.body blockquote{margin:0;padding-left:16px;border-left:3px solid #ced4da;color:#495057}
.ticket{font-size:14px;color:#495057;margin:0}
@media (max-width:575px){.page{padding:12px 8px}.card{padding:16px;border-radius:12px}h1{font-size:22px}}
`;
