-- Prints wrk's figures as one JSON line so the bench scripts can read them. With WRK_PATHS set
-- (comma-separated) or WRK_PATHS_FILE (a path a line), requests cycle through those paths instead of the URL's own. With WRK_UNIQUE set,
-- every request's URL is new (a `u` parameter is added), so no page memory can answer it: each one
-- is a full render.
local paths = {}
for p in string.gmatch(os.getenv("WRK_PATHS") or "", "([^,]+)") do paths[#paths + 1] = p end
-- WRK_PATHS_FILE: one path a line (lists too long for the environment).
local file = os.getenv("WRK_PATHS_FILE")
if file then for line in io.lines(file) do if #line > 0 then paths[#paths + 1] = line end end end
local unique = os.getenv("WRK_UNIQUE") ~= nil
local i = 0
local n = 0
local salt = 0
setup = function(thread)
  salt = salt + 1
  thread:set("salt", salt)
  -- Threads start at different places of the path list, so no two ask the same path at once.
  thread:set("start", (salt - 1) * 7919)
end
if #paths > 0 or unique then
  request = function()
    if start then
      i = start % math.max(#paths, 1)
      start = nil
    end
    local path = wrk.path
    if #paths > 0 then
      i = i % #paths + 1
      path = paths[i]
    end
    if unique then
      n = n + 1
      local sep = string.find(path, "?", 1, true) and "&" or "?"
      path = path .. sep .. "u=" .. tostring(salt) .. "-" .. tostring(n)
    end
    return wrk.format("GET", path)
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"mean_us":%f}\n',
    summary.requests, summary.duration, errors.status, errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.mean))
end
