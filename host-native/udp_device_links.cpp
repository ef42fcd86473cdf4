// POSIX UDP for the emulator's link.
#include "host-native/udp_device_links.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <thread>

#include "core/async/sleep.h"
#include "host-native/report_queue.h"

namespace walletd {
namespace {

using SteadyClock = std::chrono::steady_clock;
constexpr char kPing[] = "PINGPING";
constexpr char kPong[] = "PONGPONG";
constexpr std::size_t kReportBytes = 64;
constexpr int kPollMs = 50;  // how soon a closed link's reader notices

// A UDP socket connected to host:port (only its datagrams are received); DeviceLinkError.
int connectedSocket(const std::string& address) {
  const std::size_t colon = address.rfind(':');
  const std::string host = address.substr(0, colon);
  const std::string port = address.substr(colon + 1);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0 || !found)
    throw DeviceLinkError("cannot resolve the emulator's address " + address);
  const int fd = ::socket(found->ai_family, SOCK_DGRAM, 0);
  const bool ok = fd >= 0 && ::connect(fd, found->ai_addr, found->ai_addrlen) == 0;
  ::freeaddrinfo(found);
  if (!ok) {
    if (fd >= 0) ::close(fd);
    throw DeviceLinkError("cannot open a UDP socket to " + address);
  }
  return fd;
}

class UdpLink : public ReportLink {
 public:
  UdpLink(Executor& core, int fd) : fd_(fd), queue_(std::make_shared<ReportQueue>(core)) {
    reader_ = std::thread([this] { readLoop(); });
  }
  ~UdpLink() override {
    close();
    reader_.join();
    ::close(fd_);
  }

  void ping() { ::send(fd_, kPing, 8, MSG_NOSIGNAL); }
  bool ponged() const { return ponged_.load(); }

  Task<void> write(ReportBytes report) override {
    const ssize_t sent = ::send(fd_, report.data(), report.size(), MSG_NOSIGNAL);
    std::fill(report.begin(), report.end(), 0);
    if (sent != static_cast<ssize_t>(report.size()))
      throw DeviceLinkError(std::string("the emulator's socket refused a report: ") +
                            std::strerror(errno));
    co_return;
  }

  Task<ReportBytes> read() override { co_return co_await queue_->next(); }

  // The reader stops within kPollMs; a read waiting now fails as with a device gone.
  void close() override {
    closed_.store(true);
    queue_->end("the link to the emulator was closed");
  }

 private:
  // Datagrams until close(): reports queued, pongs noted; silence while the core waits pings the
  // emulator, and an unanswered ping ends the link.
  void readLoop() {
    auto heard = SteadyClock::now();
    std::optional<SteadyClock::time_point> pinged;
    std::uint8_t buffer[512];
    while (!closed_.load()) {
      queue_->endIfWaitedTooLong();
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, kPollMs) == 1) {
        const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
        // Nobody listens on the port any more (ICMP port unreachable after a ping or a report).
        if (n < 0 && errno == ECONNREFUSED && (pinged || queue_->awaited()))
          return queue_->end("the emulator is gone");
        if (n <= 0) continue;
        heard = SteadyClock::now();
        pinged.reset();
        if (n == 8 && std::memcmp(buffer, kPong, 8) == 0) ponged_.store(true);
        if (n == static_cast<ssize_t>(kReportBytes)) queue_->push(ReportBytes(buffer, buffer + n));
        continue;  // else a stray datagram
      }
      const auto quiet = SteadyClock::now() - (pinged ? *pinged : heard);
      if (quiet < std::chrono::milliseconds(UdpDeviceLinks::kPingAfterMs)) continue;
      if (pinged) return queue_->end("the emulator stopped answering");
      if (queue_->awaited()) {
        ::send(fd_, kPing, 8, MSG_NOSIGNAL);
        pinged = SteadyClock::now();
      }
    }
  }

  int fd_;
  std::shared_ptr<ReportQueue> queue_;
  std::atomic<bool> closed_{false};
  std::atomic<bool> ponged_{false};
  std::thread reader_;
};

}  // namespace

Task<std::vector<std::unique_ptr<ReportLink>>> UdpDeviceLinks::open(DeviceLinkTarget target) {
  auto link = std::make_unique<UdpLink>(core_, connectedSocket(target.address));
  link->ping();
  for (int waited = 0; waited < kDiscoveryMs && !link->ponged(); waited += 50)
    co_await sleepFor(core_, 50);
  std::vector<std::unique_ptr<ReportLink>> out;
  if (link->ponged()) out.push_back(std::move(link));
  co_return out;
}

}  // namespace walletd
