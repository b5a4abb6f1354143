# SPDX-License-Identifier: GPL-2.0-only
"""The module_param types: the one table of what the converter knows
about each type, and the views the code reads, derived from it.

A declared C type becomes a module_param type in types.ptype(), which
reads DECLARED (and OTHER_SIGN) below; the old letters' sizes and signs
(LETTERS) judge a mismatch; modparm.cocci writes CTYPE into the type
check of a generated setter; --check-load takes its values from LIMITS,
LETTER_LIMITS and the truth texts, and its wrapper probe from CTYPE;
modparm_helpers.cocci's list of the kernel's helpers is generated from
HELPERS_26 (../gen_smpl_types.py; `make update` rewrites it, the cocci
suite fails when it is stale).  To change what a type maps to, change
its row in TYPES: nothing else holds it."""

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class ParamType:
	"""One type of 6.1's module_param() (param_ops_NAME and
	param_check_NAME of linux/moduleparam.h)."""

	name: str
	# the C type of its variable, as param_check_NAME wants it; None
	# for the string handlers, which take a char array of any size
	ctype: Optional[str]
	# bytes on x86-64 (LP64) and sign of that C type; sign None: none
	# to compare (bool, char *)
	size: Optional[int] = None
	signed: Optional[bool] = None
	# the values it takes, (lowest, highest): the edges --check-load
	# gives, and where a default wraps
	limits: Optional[tuple[int, int]] = None
	# the MODULE_PARM letter this type was on 2.6 ("1-4i": int)
	letter: Optional[str] = None
	# declared types (as types.norm_base writes them) that map to it
	declared: tuple[str, ...] = ()
	# the kernel's typedefs of it as an x86-64 6.1 build defines them
	# (include/linux/types.h, include/uapi/asm-generic/posix_types.h,
	# arch/x86/include/uapi/asm/posix_types_64.h): module_param's type
	# check compares the pointed-to types, so a typedef's parameter
	# type is that of its underlying type
	typedefs: tuple[str, ...] = ()
	# declared types that map to it with another sign than its own:
	# (declared, their sign); 6.1 has no signed byte type
	other_sign: tuple[tuple[str, Optional[bool]], ...] = ()
	# element types of the char array a string parameter copies into
	buffer_of: tuple[str, ...] = ()
	# what sysfs shows for true and false, for a boolean type, and
	# whether the variable holds the opposite of the value given
	truth: Optional[tuple[str, str]] = None
	inverted: bool = False
	# 2.6 exported param_set_NAME/param_get_NAME taking a non-const
	# struct kernel_param * (const since 2.6.36): a driver's own
	# prototype of one conflicts with 6.1's header
	helpers_26: bool = False


def _span(size: int, signed: bool) -> tuple[int, int]:
	bits = 8 * size
	return (-2 ** (bits - 1), 2 ** (bits - 1) - 1) if signed else (0, 2 ** bits - 1)


# The order of the rows is that of the generated helper list of
# modparm_helpers.cocci and of the letters of types.TYPESTR_RE.
TYPES: tuple[ParamType, ...] = (
	ParamType("byte", "unsigned char", 1, False, _span(1, False), letter="b",
		  declared=("unsigned char", "u8", "__u8", "uint8_t", "u_char",
			    "u_int8_t", "uchar", "unchar"),
		  other_sign=(("char", None), ("signed char", True), ("s8", True),
			      ("__s8", True), ("int8_t", True)),
		  helpers_26=True),
	ParamType("short", "short", 2, True, _span(2, True), letter="h",
		  declared=("short", "short int", "signed short", "s16", "__s16",
			    "int16_t"),
		  helpers_26=True),
	ParamType("ushort", "unsigned short", 2, False, _span(2, False),
		  declared=("unsigned short", "unsigned short int", "u16", "__u16",
			    "uint16_t", "u_short", "u_int16_t", "ushort"),
		  typedefs=("umode_t", "uid16_t", "gid16_t", "__le16", "__be16",
			    "__kernel_old_uid_t", "__kernel_old_gid_t",
			    "__kernel_uid16_t", "__kernel_gid16_t"),
		  helpers_26=True),
	ParamType("int", "int", 4, True, _span(4, True), letter="i",
		  declared=("int", "signed int", "signed", "s32", "__s32", "int32_t"),
		  typedefs=("pid_t", "__kernel_pid_t", "key_t", "daddr_t",
			    "__kernel_ipc_pid_t", "__kernel_daddr_t",
			    "__kernel_timer_t", "__kernel_clockid_t",
			    "__kernel_key_t", "__kernel_mqd_t"),
		  helpers_26=True),
	ParamType("uint", "unsigned int", 4, False, _span(4, False),
		  declared=("unsigned int", "unsigned", "u32", "__u32", "uint32_t",
			    "u_int", "u_int32_t", "uint"),
		  typedefs=("uid_t", "gid_t", "__kernel_uid_t", "__kernel_gid_t",
			    "__kernel_uid32_t", "__kernel_gid32_t", "mode_t",
			    "__kernel_mode_t", "dev_t", "__le32", "__be32",
			    "__kernel_dev_t"),
		  helpers_26=True),
	ParamType("long", "long", 8, True, _span(8, True), letter="l",
		  declared=("long", "long int", "signed long", "signed long int"),
		  typedefs=("ssize_t", "__kernel_ssize_t", "ptrdiff_t", "off_t",
			    "__kernel_off_t", "time_t", "clock_t", "suseconds_t",
			    "__kernel_long_t", "__kernel_suseconds_t",
			    "__kernel_ptrdiff_t", "__kernel_time_t",
			    "__kernel_old_time_t", "__kernel_clock_t"),
		  helpers_26=True),
	ParamType("ulong", "unsigned long", 8, False, _span(8, False),
		  declared=("unsigned long", "unsigned long int", "u_long", "ulong"),
		  typedefs=("size_t", "__kernel_size_t", "ino_t", "__kernel_ulong_t",
			    "__kernel_ino_t", "__kernel_old_dev_t"),
		  helpers_26=True),
	ParamType("charp", "char *", 8, None, letter="s", declared=("char *",),
		  helpers_26=True),
	ParamType("bool", "bool", 1, None, declared=("bool", "_Bool"),
		  truth=("Y", "N"), helpers_26=True),
	ParamType("invbool", "bool", 1, None, truth=("Y", "N"), inverted=True,
		  helpers_26=True),
	# module_param_string()'s setter (param_set_copystring) and its
	# getter (param_get_string): a module_param_call of the two is a
	# string parameter
	ParamType("copystring", None, helpers_26=True),
	ParamType("string", None,
		  buffer_of=("char", "unsigned char", "signed char", "u8", "__u8"),
		  helpers_26=True),
	# 6.1 has ullong but no signed long long type (no param_ops_llong)
	ParamType("ullong", "unsigned long long", 8, False, _span(8, False),
		  declared=("unsigned long long", "unsigned long long int", "u64",
			    "__u64", "uint64_t", "u_int64_t")),
	# hexint and bint: no declared type maps to them (int and uint do),
	# but a converted file may already use them
	ParamType("hexint", "unsigned int", 4, False, _span(4, False)),
	ParamType("bint", "int", 4, True, truth=("1", "0")),
)


BY_NAME: dict[str, ParamType] = {t.name: t for t in TYPES}

# what types.ptype() gives: (module_param type, size, signed)
PType = tuple[str, Optional[int], Optional[bool]]

# normalised declared type -> its PType
DECLARED: dict[str, PType] = {
	d: (t.name, t.size, t.signed) for t in TYPES for d in t.declared + t.typedefs}

# declared type -> (module_param type, size, its own sign)
OTHER_SIGN: dict[str, PType] = {
	d: (t.name, t.size, s) for t in TYPES for d, s in t.other_sign}

# element types of a string parameter's char array
STRING_CHARS: tuple[str, ...] = tuple(d for t in TYPES for d in t.buffer_of)

# old letter -> (size in bytes on LP64, signed, the C type it meant)
LETTERS: dict[str, tuple[Optional[int], Optional[bool], Optional[str]]] = {
	t.letter: (t.size, t.signed, t.ctype) for t in TYPES if t.letter}

# module_param type -> the C type of its variable
CTYPE: dict[str, str] = {t.name: t.ctype for t in TYPES if t.ctype}

# integer module_param type -> (lowest, highest)
LIMITS: dict[str, tuple[int, int]] = {t.name: t.limits for t in TYPES if t.limits}

# old letter -> the values 2.6 parsed for it
LETTER_LIMITS: dict[str, tuple[int, int]] = {
	t.letter: t.limits for t in TYPES if t.letter and t.limits}

# the names of the helpers 2.6 exported, param_set_NAME/param_get_NAME
HELPERS_26: tuple[str, ...] = tuple(t.name for t in TYPES if t.helpers_26)
