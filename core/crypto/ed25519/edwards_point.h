// Points of the Ed25519 curve -x² + y² = 1 + d·x²·y² in extended coordinates (X:Y:Z:T), x = X/Z,
// y = Y/Z, x·y = T/Z, with RFC 8032 §5.1.4's addition and doubling (complete: no special cases).
#pragma once

#include "core/crypto/ed25519/field25519.h"

namespace walletd::ed25519 {

struct Point {
  Fe x, y, z, t;
};

Point pointIdentity();
Point pointAdd(const Point& p, const Point& q);
Point pointDouble(const Point& p);
// scalar·B for the base point B, a 256-bit little-endian scalar; the same operations whatever
// the scalar's bits (a secret key or nonce).
Point scalarMultBase(const ByteArray<32>& scalar);
// RFC 8032 §5.1.2: y little-endian with the sign of x in the top bit.
ByteArray<32> encodePoint(const Point& p);

}  // namespace walletd::ed25519
