// `npm run build`: bundle the SDK and the client into one minified file, and copy the page
// and its style beside it, into bot/web/static (committed: a fresh machine needs no node).
import { build } from "esbuild";
import { copyFileSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const out = "../bot/web/static";
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  legalComments: "eof",
  outfile: `${out}/app.js`,
  logLevel: "warning",
});
copyFileSync("index.html", `${out}/index.html`);
copyFileSync("app.css", `${out}/app.css`);
const size = gzipSync(readFileSync(`${out}/app.js`), { level: 9 }).length;
console.log(`bot/web/static/app.js: ${(size / 1024).toFixed(1)} KB gzipped`);
if (size > 300 * 1024) {
  console.error("the bundle is over 300 KB gzipped");
  process.exit(1);
}
