# tier: full
# sdt_matrix_gcc.sh — the probe-header matrix (see sdt_matrix.inc) for gcc and its C++ driver.
SDT_CC=gcc
. "$TOP/tests/sh/sdt_matrix.inc"
