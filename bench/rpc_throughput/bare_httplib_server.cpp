// The baseline for bench/rpc_throughput: a bare cpp-httplib server, configured like walletd's
// (same thread pool and keep-alive), answering every POST with the bytes of walletd's `version`
// answer given on the command line. Usage: bare_httplib_server PORT 'BODY'
#include <httplib.h>

#include <cstdlib>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: bare_httplib_server PORT BODY\n";
    return 1;
  }
  const std::string body = argv[2];
  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(128); };
  server.set_keep_alive_max_count(100000);
  server.set_tcp_nodelay(true);
  server.Post(".*", [&body](const httplib::Request&, httplib::Response& res) {
    res.set_header("Access-Control-Allow-Origin", "http://localhost:3000");
    res.set_content(body, "application/json");
  });
  if (!server.bind_to_port("127.0.0.1", std::atoi(argv[1]))) return 1;
  std::cout << "ready" << std::endl;
  server.listen_after_bind();
}
