// Bundles driver.ts with the taikyoku site's rules engine (src/lib of a checkout of
// github.com/taikyoku-shogi/taikyoku-shogi.github.io, given as TAIKYOKU_SITE) into
// oracle.mjs. The site's engine is run, not copied: its sources stay where they are.
//
//   npm install && TAIKYOKU_SITE=/path/to/checkout node build.mjs
import * as esbuild from "esbuild";
import fs from "fs";
import path from "path";

const site = process.env.TAIKYOKU_SITE;
if (!site) throw new Error("TAIKYOKU_SITE: the site's checkout");
const assets = path.join(site, "src/assets");
// The CSV of the site's pieces as the objects its Vite plugin makes of it (quoted fields
// hold commas), the TSFEN as text; its user interface's modules as stubs.
const split = (line) => {
  const out = [];
  let cur = "", quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) { out.push(cur); cur = ""; }
    else cur += ch;
  }
  out.push(cur);
  return out;
};
const assetsPlugin = {
  name: "taikyoku-assets",
  setup(build) {
    build.onResolve({ filter: /pieces\.csv$/ }, () => ({ path: path.join(assets, "pieces.csv"), namespace: "csv" }));
    build.onLoad({ filter: /.*/, namespace: "csv" }, (a) => {
      const lines = fs.readFileSync(a.path, "utf8").trim().split("\n");
      const head = split(lines[0]);
      const rows = lines.slice(1).map((l) => Object.fromEntries(split(l).map((f, i) => [head[i], f])));
      return { contents: "export default " + JSON.stringify(rows), loader: "js" };
    });
    build.onResolve({ filter: /initial\.tsfen\?raw$/ }, () => ({ path: path.join(assets, "initial.tsfen"), namespace: "raw" }));
    build.onLoad({ filter: /.*/, namespace: "raw" }, (a) => ({
      contents: "export default " + JSON.stringify(fs.readFileSync(a.path, "utf8").trim()),
      loader: "js",
    }));
    build.onResolve({ filter: /^(sweetalert2.*|preact.*|.*\.css)$/ }, (a) => ({ path: a.path, namespace: "stub" }));
    build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
      contents: "const f = () => f; export default f; export const h = f; export const Fragment = {};",
      loader: "js",
    }));
  },
};
await esbuild.build({
  entryPoints: ["driver.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: "oracle.mjs",
  alias: { "taikyoku-site": site },
  plugins: [assetsPlugin],
  logLevel: "warning",
});
