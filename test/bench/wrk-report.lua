-- Prints wrk's figures as one JSON line so bench.ts can read them.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50_us":%d,"p99_us":%d,"mean_us":%f}\n',
    summary.requests, summary.duration, errors.status, errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.mean))
end
