-- wrk script: POST the mmrpc 2.0 `version` request on every connection.
wrk.method = "POST"
wrk.body = '{"mmrpc":"2.0","method":"version"}'
wrk.headers["Content-Type"] = "application/json"
