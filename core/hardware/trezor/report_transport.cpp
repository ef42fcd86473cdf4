// Protocol v1 over reports. The reports of a PIN or passphrase message are wiped once written.
#include "core/hardware/trezor/report_transport.h"

#include <algorithm>

namespace walletd::trezor {

namespace {

// The link's failures as the transport's (each co_await in its own function: GCC 12 mishandles
// locals in nested blocks of a coroutine).
Task<void> sendReport(ReportLink& link, Bytes report) {
  std::string failure;
  try {
    co_await link.write(std::move(report));
  } catch (const DeviceLinkError& e) {
    failure = e.what();
  }
  if (!failure.empty()) throw DeviceUnavailable("the Trezor is gone: " + failure);
}

Task<Bytes> nextReport(ReportLink& link) {
  std::string failure;
  Bytes got;
  try {
    got = co_await link.read();
  } catch (const DeviceLinkError& e) {
    failure = e.what();
  }
  if (!failure.empty()) throw DeviceUnavailable("the Trezor is gone: " + failure);
  if (got.size() != kReportSize) throw WireError("a report that is not 64 bytes");
  co_return got;
}

}  // namespace

ReportTransport::~ReportTransport() {
  if (link_) link_->close();
}

Task<Message> ReportTransport::call(Message request) {
  std::vector<Report> reports = frameReports(request);
  for (Report& report : reports) {
    Bytes bytes(report.begin(), report.end());
    std::fill(report.begin(), report.end(), 0);
    co_await sendReport(*link_, std::move(bytes));
  }
  ReportReader reader;
  for (;;) {
    Bytes got = co_await nextReport(*link_);
    Report report;
    std::copy(got.begin(), got.end(), report.begin());
    std::fill(got.begin(), got.end(), 0);
    std::optional<Message> message = reader.push(report);
    if (message) co_return std::move(*message);
  }
}

Task<void> ReportTransport::release() {
  link_->close();
  co_return;
}

Task<std::unique_ptr<Transport>> LinkOpener::openOnly() {
  std::vector<std::unique_ptr<ReportLink>> found;
  std::string failure;
  try {
    found = co_await links_.open(target_);
  } catch (const DeviceLinkError& e) {
    failure = e.what();
  }
  if (!failure.empty()) throw DeviceUnavailable(failure);
  if (found.empty()) throw DeviceUnavailable("no Trezor on " + target_.kind);
  if (found.size() > 1) throw MultipleDevices("more than one Trezor on " + target_.kind);
  co_return std::make_unique<ReportTransport>(std::move(found.front()));
}

}  // namespace walletd::trezor
