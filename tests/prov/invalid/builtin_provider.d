/* a provider the system has gains no probes from a provider file (dtrace -G: "provider
 * interface mismatch") */
provider fbt {
	probe request__start(int);
};
