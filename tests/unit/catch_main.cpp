// Catch2 main for the unit test binary (the same file natively and under node).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
