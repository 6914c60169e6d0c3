/* dof_register.c — the code `usdtrace -G -x dof` links into a program next to its DOF, so that
 * DTrace for Linux sees the program's probes: at load, hand the DOF to DTrace's helper device
 * (/dev/dtrace/helper, ioctl DTRACEHIOC_ADDDOF with the object's name, load bias and the DOF's
 * address), again in each child after fork, and take it back at unload (DTRACEHIOC_REMOVE).
 * usdtrace itself reads the DOF from the file and needs none of this.
 *
 * Built at usdtrace's build time as position-independent code (the Makefile embeds the object
 * in usdtrace, build/gen/dof_rt_obj.c). Everything here is static or hidden: a program may hold
 * one such object per linked module. It must never disturb the program: a missing device, a
 * failed ioctl or DTRACE_DOF_INIT_DISABLE in the environment (DTrace's own switch) is silence;
 * DTRACE_DOF_INIT_DEVNAME names another device, as with DTrace's runtime. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The start of this module's .SUNW_dof section: defined by the -G object. */
extern const char __usdtrace_dof[] __attribute__((visibility("hidden")));

/* DTrace's dof_helper_t and helper ioctls (the device's ABI). */
struct dof_helper {
	char mod[64];         /* module name: the object's base name */
	uint64_t addr;        /* load bias of the object (0 for a fixed-address executable) */
	uint64_t dof;         /* address of the DOF */
};
#define HELPER_IOC        0xd8
#define HELPER_ADDDOF     _IOW(HELPER_IOC, 3, struct dof_helper)
#define HELPER_REMOVE     _IOW(HELPER_IOC, 2, int)

static struct dof_helper helper;
static int generation = -1;

static const char *device(void)
{
	const char *d = getenv("DTRACE_DOF_INIT_DEVNAME");
	return d && *d ? d : "/dev/dtrace/helper";
}

static void dof_register(void)
{
	int fd = open(device(), O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	generation = ioctl(fd, HELPER_ADDDOF, &helper);
	close(fd);
}

__attribute__((constructor)) static void dof_init(void)
{
	Dl_info info;
	struct link_map *map = NULL;
	if (getenv("DTRACE_DOF_INIT_DISABLE"))
		return;
	if (!dladdr1(__usdtrace_dof, &info, (void **)&map, RTLD_DL_LINKMAP) || !map)
		return;
	const char *name = map->l_name && *map->l_name ? map->l_name : info.dli_fname;
	char exe[4096];
	if (!name || !*name) {
		/* the main program's link map has no name: its file is /proc/self/exe */
		ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (n <= 0)
			return;
		exe[n] = '\0';
		name = exe;
	}
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	size_t n = strlen(base);
	if (n > sizeof(helper.mod) - 1)
		n = sizeof(helper.mod) - 1;
	memcpy(helper.mod, base, n);
	helper.addr = map->l_addr;
	helper.dof = (uintptr_t)__usdtrace_dof;
	dof_register();
	pthread_atfork(NULL, NULL, dof_register);
}

__attribute__((destructor)) static void dof_fini(void)
{
	if (generation < 0)
		return;
	int fd = open(device(), O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	ioctl(fd, HELPER_REMOVE, generation);
	close(fd);
	generation = -1;
}
