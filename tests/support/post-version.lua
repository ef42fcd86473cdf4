-- wrk script: the public `version` method.
wrk.method = "POST"
wrk.body = '{"mmrpc":"2.0","method":"version"}'
wrk.headers["Content-Type"] = "application/json"
