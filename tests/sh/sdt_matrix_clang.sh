# tier: full
# sdt_matrix_clang.sh — the probe-header matrix (see sdt_matrix.inc) for clang and its C++ driver.
SDT_CC=clang
. "$TOP/tests/sh/sdt_matrix.inc"
