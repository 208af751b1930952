import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
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
