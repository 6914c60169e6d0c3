/* The same probe declared again with the same arguments is the same interface: dtrace -G
 * accepts it (a file that gathers the probes of several headers may repeat one). */
provider p {
	probe a(int);
};
provider p { probe a(int); };
