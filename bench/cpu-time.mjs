// Preloaded into a measured process: prints the CPU time it used, all its threads, when it exits.
// On a machine shared with other work, CPU time moves far less than wall time.
process.on('exit', () => {
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(`\nBENCH_CPU_MS=${(userCPUTime + systemCPUTime) / 1000}\n`);
});
