/*
 * python.d — usdtrace D library for CPython 3.11 (x86-64; Debian's /usr/bin/python3.11 is
 * built with its USDT probes). Its audit probe passes a structure: python:::audit(const char
 * *event, PyObject *args) with args the event's argument tuple, CPython's internal objects.
 * The translators here turn them into readable values:
 *
 *	python$target:::audit /copyinstr(arg0) == "open"/
 *	{
 *		this->a = xlate < pyauditargs_t * > ((PyTupleObject *)arg1);
 *		printf("%s(%s, %s)\n", copyinstr(arg0), this->a->arg0, this->a->arg1);
 *	}
 *
 * (a translated member is read where it is used: xlate<...>(...)->arg0 in place of this->a->arg0
 * in a program that cannot keep the pointer). xlate<pyobjinfo_t *>((PyObject *)p) describes any
 * object. The layouts are CPython 3.11's (Include/object.h, cpython/tupleobject.h,
 * cpython/unicodeobject.h, cpython/longintrepr.h); strings are read when they are compact
 * ASCII (most identifiers and paths), ints when they fit two 30-bit digits (|v| < 2^60).
 */
/* No "#pragma D depends_on provider python": a library is left out when no provider has the
 * name it depends on (as dtrace's loader does), and USDT providers are named by the binaries
 * traced, known only once the targets are: the types and translators load in every program. */

typedef struct _object {
	int64_t ob_refcnt;
	struct _typeobject *ob_type;
} PyObject;

typedef struct {
	PyObject ob_base;
	int64_t ob_size;		/* items (tuple), digits with the sign (int) */
} PyVarObject;

typedef struct _typeobject {
	PyVarObject ob_base;
	char *tp_name;			/* "str", "int", "module.Class" */
	char tp_slots_[136];		/* tp_basicsize ... tp_as_buffer */
	uint64_t tp_flags;		/* Py_TPFLAGS_*: LONG_SUBCLASS 1<<24, UNICODE_SUBCLASS 1<<28 */
} PyTypeObject;

typedef struct {
	PyVarObject ob_base;
	PyObject *ob_item[8];		/* ob_size of them (8 declared: the first few are read) */
} PyTupleObject;

typedef struct {
	PyObject ob_base;
	int64_t length;
	int64_t hash;
	uint32_t state;			/* interned:2 kind:3 compact:1 ascii:1 ready:1 */
	uint32_t pad;
	void *wstr;
	char data[1];			/* compact ASCII: the text, NUL-terminated */
} PyASCIIObject;

typedef struct {
	PyVarObject ob_base;
	uint32_t ob_digit[2];		/* 30-bit digits, least significant first */
} PyLongObject;

/* What one object is: its type's name, a str's text, an int's value. */
typedef struct pyobjinfo {
	string type;			/* the type's tp_name */
	string text;			/* a compact ASCII str's text, else "" */
	int64_t value;			/* an int of one or two digits (|v| < 2^60), else 0 */
} pyobjinfo_t;

/* inline helpers over a PyObject pointer: the kind is read from the type's flags (an
 * integer test), the type's name only where it is shown */
inline int py_is_str[PyObject *o] = o != NULL && (o->ob_type->tp_flags & (1 << 28)) != 0;
inline int py_is_int[PyObject *o] = o != NULL && (o->ob_type->tp_flags & (1 << 24)) != 0;
inline string py_typename[PyObject *o] = o == NULL ? "NULL" : copyinstr((uintptr_t)o->ob_type->tp_name);
inline string py_str[PyObject *o] =
	py_is_str[o] && (((PyASCIIObject *)o)->state & 0x60) == 0x60 ?
	copyinstr((uintptr_t)&((PyASCIIObject *)o)->data[0]) : "";
inline int64_t py_digits[PyObject *o] =
	((PyVarObject *)o)->ob_size < 0 ? -((PyVarObject *)o)->ob_size : ((PyVarObject *)o)->ob_size;
inline int64_t py_magnitude[PyObject *o] =
	py_digits[o] == 1 ? (int64_t)((PyLongObject *)o)->ob_digit[0] :
	(int64_t)((PyLongObject *)o)->ob_digit[0] +
	((int64_t)((PyLongObject *)o)->ob_digit[1] << 30);
inline int64_t py_int[PyObject *o] =
	!py_is_int[o] || py_digits[o] == 0 || py_digits[o] > 2 ? 0 :
	((PyVarObject *)o)->ob_size < 0 ? -py_magnitude[o] : py_magnitude[o];

translator pyobjinfo_t < PyObject *o > {
	type = py_typename[o];
	text = py_str[o];
	value = py_int[o];
};

/* The audit probe's argument tuple: how many, and the first two as text (a str's text; for
 * anything else its type's name in angle brackets). */
typedef struct pyauditargs {
	int nargs;
	string arg0;
	string arg1;
} pyauditargs_t;

inline string py_text[PyObject *o] =
	py_is_str[o] ? py_str[o] : strjoin("<", strjoin(py_typename[o], ">"));

translator pyauditargs_t < PyTupleObject *t > {
	nargs = t->ob_base.ob_size;
	arg0 = t->ob_base.ob_size > 0 ? py_text[t->ob_item[0]] : "";
	arg1 = t->ob_base.ob_size > 1 ? py_text[t->ob_item[1]] : "";
};
