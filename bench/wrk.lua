-- One request shape for wrk, from the environment; prints its figures as one JSON line.
wrk.method = os.getenv("WRK_METHOD") or "GET"
local body = os.getenv("WRK_BODY") or ""
if body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
end
local cookie = os.getenv("WRK_COOKIE") or ""
if cookie ~= "" then wrk.headers["Cookie"] = cookie end
local csrf = os.getenv("WRK_CSRF") or ""
if csrf ~= "" then wrk.headers["X-CSRFToken"] = csrf end
wrk.headers["HX-Request"] = "true"

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests": %d, "duration_us": %d, "non_2xx_3xx": %d, "socket_errors": %d, ' ..
    '"p50_us": %d, "p99_us": %d, "max_us": %d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
