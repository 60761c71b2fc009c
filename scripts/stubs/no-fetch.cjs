// citation-js can fetch citations from the network; Papers only parses local files, so the fetch
// libraries it loads are replaced by this stub at bundle time (smaller bundles, no network code).
function refuse() {
  throw new Error('Papers does not fetch over the network');
}
module.exports = refuse;
module.exports.default = refuse;
module.exports.Headers = class Headers {};
