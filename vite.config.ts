import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * React's Bun build, which renders the pages (app/entry.server.tsx), sizes every piece of HTML it
 * writes with `Buffer.byteLength`: under workerd a call into the runtime, a sixth of the CPU of a
 * render of `/`. The sizes only steer React's heuristics (whether a large finished Suspense boundary
 * is sent apart), so the string's length serves: the same for ASCII, a third at most for other text
 * (decision 0046). The build fails if React's code no longer reads as expected.
 */
function reactChunkLength(): Plugin {
  const call = 'return Buffer.byteLength(chunk, "utf8");';
  return {
    name: "oddspulse:react-chunk-length",
    transform(code, id) {
      if (!/react-dom-server\.bun\.production\.js$/.test(id)) return null;
      if (!code.includes(call))
        this.error(`React's byteLengthOfChunk is not the one this plugin replaces (${id})`);
      return { code: code.replace(call, "return chunk.length;"), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    reactChunkLength(),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // One framework chunk instead of seven: every page loads all of it anyway, and each extra
            // file costs a request and its own gzip overhead.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                // The small modules every page loads (primitives, formats, links, labels): one file, not
                // twenty of a few hundred bytes each, each with its own gzip overhead and imports.
                {
                  name: "shared",
                  test: /app[\\/](components[\\/](ui[\\/](card|badge|skeleton|button|icon|deferred|external-link|refresh-notice|sparkline|toaster)|watchlist[\\/](lazy-star|star-class))|lib[\\/](errors|format|links|provenance|seo|site|search|use-now|sentiment|market-page))\.tsx?$|preload-helper/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
