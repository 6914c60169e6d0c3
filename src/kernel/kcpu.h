/* kcpu.h — the CPUs' topology as sysfs gives it (/sys/devices/system/cpu/cpuN/topology). */
#ifndef USDTRACE_KCPU_H
#define USDTRACE_KCPU_H

/* The physical package ("chip", socket) CPU `cpu` is in: its topology/physical_package_id.
 * 0 when sysfs does not say (a CPU offline or absent, no sysfs), as DTrace for Linux leaves
 * its cpuinfo's cpu_chip. */
int kcpu_package(int cpu);
#endif
