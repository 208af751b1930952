-- Prints wrk's figures as one JSON line so the bench scripts can read them. With WRK_PATHS set
-- (comma-separated), requests cycle through those paths instead of the URL's own.
local paths = {}
for p in string.gmatch(os.getenv("WRK_PATHS") or "", "([^,]+)") do paths[#paths + 1] = p end
if #paths > 0 then
  local i = 0
  request = function()
    i = i % #paths + 1
    return wrk.format("GET", paths[i])
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50_us":%d,"p99_us":%d,"mean_us":%f}\n',
    summary.requests, summary.duration, errors.status, errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.mean))
end
