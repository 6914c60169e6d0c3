/* kcpu.c — see kcpu.h. */
#include <stdio.h>

#include "kcpu.h"

int kcpu_package(int cpu)
{
	char path[96];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/physical_package_id",
		 cpu);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	int id = 0;
	if (fscanf(f, "%d", &id) != 1 || id < 0)
		id = 0;
	fclose(f);
	return id;
}
