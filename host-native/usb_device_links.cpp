// libusb's synchronous API on the link's reader thread (reads) and the core thread (writes, which
// a present device takes at once).
#include "host-native/usb_device_links.h"

#include <libusb-1.0/libusb.h>

#include <atomic>
#include <thread>

#include "host-native/report_queue.h"

namespace walletd {
namespace {

constexpr std::uint16_t kVendor = 0x1209;
constexpr std::uint16_t kProduct = 0x53c1;
constexpr int kInterface = 0;
constexpr int kReport = 64;
constexpr unsigned kWriteTimeoutMs = 5000;
constexpr unsigned kReadPollMs = 50;  // how soon a closed link's reader notices

// Interface 0's interrupt endpoints (IN has bit 7 set), from the device's active configuration.
bool endpointsOf(libusb_device* device, std::uint8_t& in, std::uint8_t& out) {
  libusb_config_descriptor* config = nullptr;
  if (libusb_get_active_config_descriptor(device, &config) != 0) return false;
  bool found = false;
  if (config->bNumInterfaces > kInterface && config->interface[kInterface].num_altsetting > 0) {
    const libusb_interface_descriptor& alt = config->interface[kInterface].altsetting[0];
    for (int i = 0; i < alt.bNumEndpoints; ++i) {
      const std::uint8_t address = alt.endpoint[i].bEndpointAddress;
      (address & LIBUSB_ENDPOINT_IN ? in : out) = address;
    }
    found = alt.bInterfaceClass == LIBUSB_CLASS_VENDOR_SPEC && in != 0 && out != 0;
  }
  libusb_free_config_descriptor(config);
  return found;
}

class UsbLink : public ReportLink {
 public:
  UsbLink(Executor& core, libusb_device_handle* handle, std::uint8_t in, std::uint8_t out)
      : handle_(handle), in_(in), out_(out), queue_(std::make_shared<ReportQueue>(core)) {
    reader_ = std::thread([this] { readLoop(); });
  }
  ~UsbLink() override {
    close();
    reader_.join();
    libusb_release_interface(handle_, kInterface);
    libusb_close(handle_);
  }

  Task<void> write(ReportBytes report) override {
    int sent = 0;
    const int status = libusb_interrupt_transfer(
        handle_, out_, report.data(), static_cast<int>(report.size()), &sent, kWriteTimeoutMs);
    std::fill(report.begin(), report.end(), 0);
    if (status != 0 || sent != kReport)
      throw DeviceLinkError(std::string("the Trezor took no report: ") + libusb_error_name(status));
    co_return;
  }

  Task<ReportBytes> read() override { co_return co_await queue_->next(); }

  // The reader stops within kReadPollMs; a read waiting now fails as with a device gone.
  void close() override {
    closed_.store(true);
    queue_->end("the USB link was closed");
  }

 private:
  void readLoop() {
    unsigned char buffer[kReport];
    while (!closed_.load()) {
      queue_->endIfWaitedTooLong();
      int got = 0;
      const int status =
          libusb_interrupt_transfer(handle_, in_, buffer, kReport, &got, kReadPollMs);
      // A transfer that completes as its timeout fires answers TIMEOUT with the data (libusb's
      // documentation): the report counts either way.
      if (got == kReport) queue_->push(ReportBytes(buffer, buffer + got));
      if (status != 0 && status != LIBUSB_ERROR_TIMEOUT)
        return queue_->end(std::string("USB: ") + libusb_error_name(status));
    }
  }

  libusb_device_handle* handle_;
  std::uint8_t in_, out_;
  std::shared_ptr<ReportQueue> queue_;
  std::atomic<bool> closed_{false};
  std::thread reader_;
};

}  // namespace

UsbDeviceLinks::UsbDeviceLinks(Executor& core) : core_(core) {
  if (libusb_init(&usb_) != 0) usb_ = nullptr;  // no USB on this machine: no devices
}

UsbDeviceLinks::~UsbDeviceLinks() {
  if (usb_) libusb_exit(usb_);
}

Task<std::vector<std::unique_ptr<ReportLink>>> UsbDeviceLinks::open(DeviceLinkTarget) {
  std::vector<std::unique_ptr<ReportLink>> out;
  if (!usb_) co_return out;
  libusb_device** list = nullptr;
  const ssize_t count = libusb_get_device_list(usb_, &list);
  if (count < 0)
    throw DeviceLinkError(std::string("USB: ") + libusb_error_name(static_cast<int>(count)));
  for (ssize_t i = 0; i < count; ++i) {
    libusb_device_descriptor desc{};
    if (libusb_get_device_descriptor(list[i], &desc) != 0) continue;
    if (desc.idVendor != kVendor || desc.idProduct != kProduct) continue;
    std::uint8_t in = 0, out_endpoint = 0;
    libusb_device_handle* handle = nullptr;
    if (!endpointsOf(list[i], in, out_endpoint) || libusb_open(list[i], &handle) != 0) continue;
    if (libusb_claim_interface(handle, kInterface) != 0) {
      libusb_close(handle);  // another program holds it
      continue;
    }
    out.push_back(std::make_unique<UsbLink>(core_, handle, in, out_endpoint));
  }
  libusb_free_device_list(list, 1);
  co_return out;
}

}  // namespace walletd
