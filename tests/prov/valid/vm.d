/*
 * vm.d -- probes of a language virtual machine, in the style of Erlang/OTP's
 * dtrace.d: process names as strings, many integer arguments, and the widest
 * probes use 11 and 12 arguments.
 */

provider vm {
	/* message passing */
	probe message__send(char *sender, char *receiver, uint32_t size,
			    int token_label, int token_previous, int token_current);
	probe message__send__remote(char *sender, char *node_name, char *receiver,
				    uint32_t size, int token_label, int token_previous,
				    int token_current);
	probe message__queued(char *receiver, uint32_t size, uint32_t queue_len,
			      int token_label, int token_previous, int token_current);
	probe message__receive(char *receiver, uint32_t size, uint32_t queue_len,
			       int token_label, int token_previous, int token_current);

	/* scheduling and memory */
	probe process__spawn(char *p, char *mfa);
	probe process__exit(char *p, char *reason);
	probe process__scheduled(char *p, char *mfa);
	probe process__hibernate(char *p, char *mfa);
	probe process__heap_grow(char *p, int old_size, int new_size);
	probe gc_major__start(char *p, int need);
	probe gc_major__end(char *p, int reclaimed);

	/* function calls */
	probe local__function__entry(char *p, char *mfa, int depth);
	probe global__function__entry(char *p, char *mfa, int depth);
	probe function__return(char *p, char *mfa, int depth);
	probe bif__entry(char *p, char *mfa);
	probe bif__return(char *p, char *mfa);

	/* port and driver operations: the wide ones */
	probe port__open(char *process, char *port_name, char *port);
	probe driver__ready_input(char *p, char *port_name, char *drv, int64_t event, int fd);
	probe aio_pool__add(char *thread_id, int queue_len);
	probe efile_drv__entry(int, int, char *, int, char *, char *, int64_t, int64_t,
			       int64_t, int64_t, int, int);
	probe efile_drv__return(int, int, char *, int, int, int, int, int64_t, int64_t,
				int, int);
	probe user_trace__i4s4(char *proc, char *user_tag, int i1, int i2, int i3, int i4,
			       char *s1, char *s2, char *s3, char *s4);
};

#pragma D attributes Evolving/Evolving/Common provider vm provider
#pragma D attributes Private/Private/Common provider vm module
#pragma D attributes Private/Private/Common provider vm function
#pragma D attributes Evolving/Evolving/Common provider vm name
#pragma D attributes Evolving/Evolving/Common provider vm args
