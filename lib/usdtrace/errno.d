/*
 * errno.d — usdtrace D library: the Linux errno values by name (inline int EPERM = 1; ...,
 * as dtrace's errno.d has them) and errno_name[e], an inline string table from a value to
 * its name ("ENOENT"), "<unknown>" for a value with none: `printf("%s", errno_name[arg1])`.
 * Values are x86-64 Linux's (asm-generic/errno*.h).
 */

inline int EPERM = 1;
inline int ENOENT = 2;
inline int ESRCH = 3;
inline int EINTR = 4;
inline int EIO = 5;
inline int ENXIO = 6;
inline int E2BIG = 7;
inline int ENOEXEC = 8;
inline int EBADF = 9;
inline int ECHILD = 10;
inline int EAGAIN = 11;
inline int EWOULDBLOCK = 11;
inline int ENOMEM = 12;
inline int EACCES = 13;
inline int EFAULT = 14;
inline int ENOTBLK = 15;
inline int EBUSY = 16;
inline int EEXIST = 17;
inline int EXDEV = 18;
inline int ENODEV = 19;
inline int ENOTDIR = 20;
inline int EISDIR = 21;
inline int EINVAL = 22;
inline int ENFILE = 23;
inline int EMFILE = 24;
inline int ENOTTY = 25;
inline int ETXTBSY = 26;
inline int EFBIG = 27;
inline int ENOSPC = 28;
inline int ESPIPE = 29;
inline int EROFS = 30;
inline int EMLINK = 31;
inline int EPIPE = 32;
inline int EDOM = 33;
inline int ERANGE = 34;
inline int EDEADLK = 35;
inline int EDEADLOCK = 35;
inline int ENAMETOOLONG = 36;
inline int ENOLCK = 37;
inline int ENOSYS = 38;
inline int ENOTEMPTY = 39;
inline int ELOOP = 40;
inline int ENOMSG = 42;
inline int EIDRM = 43;
inline int ECHRNG = 44;
inline int EL2NSYNC = 45;
inline int EL3HLT = 46;
inline int EL3RST = 47;
inline int ELNRNG = 48;
inline int EUNATCH = 49;
inline int ENOCSI = 50;
inline int EL2HLT = 51;
inline int EBADE = 52;
inline int EBADR = 53;
inline int EXFULL = 54;
inline int ENOANO = 55;
inline int EBADRQC = 56;
inline int EBADSLT = 57;
inline int EBFONT = 59;
inline int ENOSTR = 60;
inline int ENODATA = 61;
inline int ETIME = 62;
inline int ENOSR = 63;
inline int ENONET = 64;
inline int ENOPKG = 65;
inline int EREMOTE = 66;
inline int ENOLINK = 67;
inline int EADV = 68;
inline int ESRMNT = 69;
inline int ECOMM = 70;
inline int EPROTO = 71;
inline int EMULTIHOP = 72;
inline int EDOTDOT = 73;
inline int EBADMSG = 74;
inline int EOVERFLOW = 75;
inline int ENOTUNIQ = 76;
inline int EBADFD = 77;
inline int EREMCHG = 78;
inline int ELIBACC = 79;
inline int ELIBBAD = 80;
inline int ELIBSCN = 81;
inline int ELIBMAX = 82;
inline int ELIBEXEC = 83;
inline int EILSEQ = 84;
inline int ERESTART = 85;
inline int ESTRPIPE = 86;
inline int EUSERS = 87;
inline int ENOTSOCK = 88;
inline int EDESTADDRREQ = 89;
inline int EMSGSIZE = 90;
inline int EPROTOTYPE = 91;
inline int ENOPROTOOPT = 92;
inline int EPROTONOSUPPORT = 93;
inline int ESOCKTNOSUPPORT = 94;
inline int ENOTSUP = 95;
inline int EOPNOTSUPP = 95;
inline int EPFNOSUPPORT = 96;
inline int EAFNOSUPPORT = 97;
inline int EADDRINUSE = 98;
inline int EADDRNOTAVAIL = 99;
inline int ENETDOWN = 100;
inline int ENETUNREACH = 101;
inline int ENETRESET = 102;
inline int ECONNABORTED = 103;
inline int ECONNRESET = 104;
inline int ENOBUFS = 105;
inline int EISCONN = 106;
inline int ENOTCONN = 107;
inline int ESHUTDOWN = 108;
inline int ETOOMANYREFS = 109;
inline int ETIMEDOUT = 110;
inline int ECONNREFUSED = 111;
inline int EHOSTDOWN = 112;
inline int EHOSTUNREACH = 113;
inline int EALREADY = 114;
inline int EINPROGRESS = 115;
inline int ESTALE = 116;
inline int EUCLEAN = 117;
inline int ENOTNAM = 118;
inline int ENAVAIL = 119;
inline int EISNAM = 120;
inline int EREMOTEIO = 121;
inline int EDQUOT = 122;
inline int ENOMEDIUM = 123;
inline int EMEDIUMTYPE = 124;
inline int ECANCELED = 125;
inline int ENOKEY = 126;
inline int EKEYEXPIRED = 127;
inline int EKEYREVOKED = 128;
inline int EKEYREJECTED = 129;
inline int EOWNERDEAD = 130;
inline int ENOTRECOVERABLE = 131;
inline int ERFKILL = 132;

inline string errno_name[int e] =
	e == 1 ? "EPERM" :
	e == 2 ? "ENOENT" :
	e == 3 ? "ESRCH" :
	e == 4 ? "EINTR" :
	e == 5 ? "EIO" :
	e == 6 ? "ENXIO" :
	e == 7 ? "E2BIG" :
	e == 8 ? "ENOEXEC" :
	e == 9 ? "EBADF" :
	e == 10 ? "ECHILD" :
	e == 11 ? "EAGAIN" :
	e == 12 ? "ENOMEM" :
	e == 13 ? "EACCES" :
	e == 14 ? "EFAULT" :
	e == 15 ? "ENOTBLK" :
	e == 16 ? "EBUSY" :
	e == 17 ? "EEXIST" :
	e == 18 ? "EXDEV" :
	e == 19 ? "ENODEV" :
	e == 20 ? "ENOTDIR" :
	e == 21 ? "EISDIR" :
	e == 22 ? "EINVAL" :
	e == 23 ? "ENFILE" :
	e == 24 ? "EMFILE" :
	e == 25 ? "ENOTTY" :
	e == 26 ? "ETXTBSY" :
	e == 27 ? "EFBIG" :
	e == 28 ? "ENOSPC" :
	e == 29 ? "ESPIPE" :
	e == 30 ? "EROFS" :
	e == 31 ? "EMLINK" :
	e == 32 ? "EPIPE" :
	e == 33 ? "EDOM" :
	e == 34 ? "ERANGE" :
	e == 35 ? "EDEADLOCK" :
	e == 36 ? "ENAMETOOLONG" :
	e == 37 ? "ENOLCK" :
	e == 38 ? "ENOSYS" :
	e == 39 ? "ENOTEMPTY" :
	e == 40 ? "ELOOP" :
	e == 42 ? "ENOMSG" :
	e == 43 ? "EIDRM" :
	e == 44 ? "ECHRNG" :
	e == 45 ? "EL2NSYNC" :
	e == 46 ? "EL3HLT" :
	e == 47 ? "EL3RST" :
	e == 48 ? "ELNRNG" :
	e == 49 ? "EUNATCH" :
	e == 50 ? "ENOCSI" :
	e == 51 ? "EL2HLT" :
	e == 52 ? "EBADE" :
	e == 53 ? "EBADR" :
	e == 54 ? "EXFULL" :
	e == 55 ? "ENOANO" :
	e == 56 ? "EBADRQC" :
	e == 57 ? "EBADSLT" :
	e == 59 ? "EBFONT" :
	e == 60 ? "ENOSTR" :
	e == 61 ? "ENODATA" :
	e == 62 ? "ETIME" :
	e == 63 ? "ENOSR" :
	e == 64 ? "ENONET" :
	e == 65 ? "ENOPKG" :
	e == 66 ? "EREMOTE" :
	e == 67 ? "ENOLINK" :
	e == 68 ? "EADV" :
	e == 69 ? "ESRMNT" :
	e == 70 ? "ECOMM" :
	e == 71 ? "EPROTO" :
	e == 72 ? "EMULTIHOP" :
	e == 73 ? "EDOTDOT" :
	e == 74 ? "EBADMSG" :
	e == 75 ? "EOVERFLOW" :
	e == 76 ? "ENOTUNIQ" :
	e == 77 ? "EBADFD" :
	e == 78 ? "EREMCHG" :
	e == 79 ? "ELIBACC" :
	e == 80 ? "ELIBBAD" :
	e == 81 ? "ELIBSCN" :
	e == 82 ? "ELIBMAX" :
	e == 83 ? "ELIBEXEC" :
	e == 84 ? "EILSEQ" :
	e == 85 ? "ERESTART" :
	e == 86 ? "ESTRPIPE" :
	e == 87 ? "EUSERS" :
	e == 88 ? "ENOTSOCK" :
	e == 89 ? "EDESTADDRREQ" :
	e == 90 ? "EMSGSIZE" :
	e == 91 ? "EPROTOTYPE" :
	e == 92 ? "ENOPROTOOPT" :
	e == 93 ? "EPROTONOSUPPORT" :
	e == 94 ? "ESOCKTNOSUPPORT" :
	e == 95 ? "ENOTSUP" :
	e == 96 ? "EPFNOSUPPORT" :
	e == 97 ? "EAFNOSUPPORT" :
	e == 98 ? "EADDRINUSE" :
	e == 99 ? "EADDRNOTAVAIL" :
	e == 100 ? "ENETDOWN" :
	e == 101 ? "ENETUNREACH" :
	e == 102 ? "ENETRESET" :
	e == 103 ? "ECONNABORTED" :
	e == 104 ? "ECONNRESET" :
	e == 105 ? "ENOBUFS" :
	e == 106 ? "EISCONN" :
	e == 107 ? "ENOTCONN" :
	e == 108 ? "ESHUTDOWN" :
	e == 109 ? "ETOOMANYREFS" :
	e == 110 ? "ETIMEDOUT" :
	e == 111 ? "ECONNREFUSED" :
	e == 112 ? "EHOSTDOWN" :
	e == 113 ? "EHOSTUNREACH" :
	e == 114 ? "EALREADY" :
	e == 115 ? "EINPROGRESS" :
	e == 116 ? "ESTALE" :
	e == 117 ? "EUCLEAN" :
	e == 118 ? "ENOTNAM" :
	e == 119 ? "ENAVAIL" :
	e == 120 ? "EISNAM" :
	e == 121 ? "EREMOTEIO" :
	e == 122 ? "EDQUOT" :
	e == 123 ? "ENOMEDIUM" :
	e == 124 ? "EMEDIUMTYPE" :
	e == 125 ? "ECANCELED" :
	e == 126 ? "ENOKEY" :
	e == 127 ? "EKEYEXPIRED" :
	e == 128 ? "EKEYREVOKED" :
	e == 129 ? "EKEYREJECTED" :
	e == 130 ? "EOWNERDEAD" :
	e == 131 ? "ENOTRECOVERABLE" :
	e == 132 ? "ERFKILL" :
	"<unknown>";
