// WalletdError: a refused call. It carries KDF's error envelope fields and the HTTP status the
// daemon would have answered with, so code written against the daemon can read the same values.
export class WalletdError extends Error {
  /** @param {number} status @param {object} envelope the mmrpc 2.0 error answer */
  constructor(status, envelope = {}) {
    super(envelope.error ?? `walletd answered HTTP ${status}`);
    this.name = 'WalletdError';
    this.status = status;
    this.error = envelope.error ?? this.message;
    this.error_type = envelope.error_type ?? 'Internal';
    this.error_data = envelope.error_data;
    this.error_path = envelope.error_path;
    this.error_trace = envelope.error_trace;
  }
}
