-- wrk script: gui_storage writes spread over 10,000 accounts (rename, balance, description,
-- activate coins in turn). The password comes from the WALLETD_PASSWORD environment variable.
local password = os.getenv("WALLETD_PASSWORD")
local counter = 0
local thread_id = 0
setup = function(thread)
  thread:set("thread_id", thread_id)
  thread_id = thread_id + 1
end
request = function()
  counter = counter + 1
  local n = counter * 16 + thread_id
  local id = '{"type":"hd","account_idx":' .. ((n * 7919) % 10000) .. '}'
  local params
  if n % 4 == 0 then
    params = '{"account_id":' .. id .. ',"name":"wrk ' .. n .. '"}'
    method = "gui_storage::set_account_name"
  elseif n % 4 == 1 then
    params = '{"account_id":' .. id .. ',"balance_usd":"' .. n .. '.25"}'
    method = "gui_storage::set_account_balance"
  elseif n % 4 == 2 then
    params = '{"account_id":' .. id .. ',"description":"d' .. n .. '"}'
    method = "gui_storage::set_account_description"
  else
    params = '{"account_id":' .. id .. ',"tickers":["KMD","ETH"]}'
    method = "gui_storage::activate_coins"
  end
  local body = '{"mmrpc":"2.0","userpass":"' .. password .. '","method":"' .. method .. '","params":' .. params .. '}'
  return wrk.format("POST", "/", {["Content-Type"] = "application/json"}, body)
end
