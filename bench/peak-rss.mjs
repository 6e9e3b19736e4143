// Preloaded into a measured process: prints its peak resident set size when it exits.
process.on('exit', () => {
  process.stderr.write(`\nBENCH_PEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
