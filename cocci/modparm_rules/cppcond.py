# SPDX-License-Identifier: GPL-2.0-only
"""Which kernels compile an #if: its condition evaluated for every kernel
that has module_param().

Drivers for old and new kernels wrote their version tests in many ways:
'LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)', '< 0x020600', through a
version macro of their own ('#define VERSION(v,p,s) (((v)<<16)+(p<<8)+s)'
in PCMCIA's k_compat.h), and beside other tests ('!defined(module_param)
|| LINUX_VERSION_CODE < ...', '... && defined(CONFIG_X)').  Rather than
match each spelling, the condition is evaluated as cpp would, with
LINUX_VERSION_CODE at each version where its value can change from 2.6.0
on, defined(module_param*) true, and every name the text does not fix
(CONFIG_X, MODULE) given both values: a branch is dead on every kernel
with module_param when no such choice compiles it."""

import itertools
import re
from types import MappingProxyType

MODULE_PARAM_SINCE = 0x020600	# the first kernel with module_param()
LAST = 0xffffff
TOKEN = re.compile(r'\s*(0[xX][0-9a-fA-F]+|\d+|[A-Za-z_]\w*|&&|\|\||<<|>>|'
		   r'[<>=!]=|[-+*/%<>!~&|^(),?:])')
# names given both values; more than this and the test is not decided
MAX_UNKNOWN = 6


class Unknown(Exception):
	pass


def tokens(text):
	out, i = [], 0
	text = text.strip()
	while i < len(text):
		m = TOKEN.match(text, i)
		if not m:
			raise Unknown(text[i:])
		t = m.group(1)
		if re.match(r'\d', t):
			t = int(re.sub(r'[uUlL]+$', '', t), 0)
		out.append(t)
		i = m.end()
		while i < len(text) and text[i] in "uUlL" and out and isinstance(out[-1], int):
			i += 1
	return out


def macro_args(toks, i):
	"""The arguments of the call of the macro at toks[i], as token
	lists, and the index of its closing parenthesis."""
	t = toks[i]
	if i + 1 >= len(toks) or toks[i + 1] != "(":
		raise Unknown(t)
	args, cur, level, j = [], [], 0, i + 2
	while j < len(toks):
		u = toks[j]
		if u == "(":
			level += 1
		elif u == ")":
			if level == 0:
				break
			level -= 1
		elif u == "," and level == 0:
			args.append(cur)
			cur = []
			j += 1
			continue
		cur.append(u)
		j += 1
	else:
		raise Unknown(t)
	args.append(cur)
	return args, j


def expand(toks, macros, depth=0):
	"""toks with the function-like and object-like macros of macros
	({name: (params or None, body)}) and KERNEL_VERSION replaced, and
	defined(X) / defined X marked as ('defined', X)."""
	if depth > 8:
		raise Unknown("macro depth")
	out, i = [], 0
	while i < len(toks):
		t = toks[i]
		if t == "defined":
			if i + 1 < len(toks) and toks[i + 1] == "(":
				if i + 3 >= len(toks) or toks[i + 3] != ")":
					raise Unknown("defined")
				out.append(("defined", toks[i + 2]))
				i += 4
			elif i + 1 < len(toks):
				out.append(("defined", toks[i + 1]))
				i += 2
			else:
				raise Unknown("defined")
			continue
		if isinstance(t, str) and (t == "KERNEL_VERSION" or
					   (t in macros and t != "LINUX_VERSION_CODE")):
			params, body = ((["a", "b", "c"], "(((a) << 16) + ((b) << 8) + (c))")
					if t == "KERNEL_VERSION" else macros[t])
			if params is None:
				out += expand(tokens(body), macros, depth + 1)
				i += 1
				continue
			args, j = macro_args(toks, i)
			if len(args) != len(params):
				raise Unknown(t)
			amap = dict(zip(params, args))
			body_toks = []
			for u in tokens(body):
				body_toks += ["("] + amap[u] + [")"] if u in amap else [u]
			out += ["("] + expand(body_toks, macros, depth + 1) + [")"]
			i = j + 1
			continue
		out.append(t)
		i += 1
	return out


# the binary operators by precedence, lowest first
BINARY = (("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", "<=", ">", ">="),
	  ("<<", ">>"), ("+", "-"), ("*", "/", "%"))


# what each binary operator computes; both operands are evaluated first,
# as cpp does for the values (it short-circuits only errors)
OPS = MappingProxyType({
	"||": lambda v, w: int(bool(v) or bool(w)), "&&": lambda v, w: int(bool(v) and bool(w)),
	"|": lambda v, w: v | w, "^": lambda v, w: v ^ w, "&": lambda v, w: v & w,
	"==": lambda v, w: int(v == w), "!=": lambda v, w: int(v != w),
	"<": lambda v, w: int(v < w), "<=": lambda v, w: int(v <= w),
	">": lambda v, w: int(v > w), ">=": lambda v, w: int(v >= w),
	"<<": lambda v, w: v << w, ">>": lambda v, w: v >> w, "+": lambda v, w: v + w,
	"-": lambda v, w: v - w, "*": lambda v, w: v * w, "/": lambda v, w: int(v / w),
	"%": lambda v, w: v % w})


class _Evaluator:
	"""A recursive descent over the expanded tokens of one condition."""

	def __init__(self, toks, env, seen):
		self.toks, self.env, self.seen, self.pos = toks, env, seen, 0

	def peek(self):
		return self.toks[self.pos] if self.pos < len(self.toks) else None

	def take(self):
		self.pos += 1
		return self.toks[self.pos - 1]

	def unary(self):
		t = self.take()
		if t == "!":
			return int(not self.unary())
		if t == "-":
			return -self.unary()
		if t == "+":
			return self.unary()
		if t == "~":
			return ~self.unary()
		if t == "(":
			v = self.cond()
			if self.take() != ")":
				raise Unknown(")")
			return v
		if isinstance(t, int):
			return t
		if isinstance(t, tuple):
			return self.env(t)
		if isinstance(t, str) and re.match(r'[A-Za-z_]', t):
			return self.env(t)
		raise Unknown(str(t))

	def binary(self, level):
		if level == len(BINARY):
			return self.unary()
		v = self.binary(level + 1)
		while self.peek() in BINARY[level]:
			op = self.take()
			w = self.binary(level + 1)
			if self.seen is not None and op in BINARY[5] + BINARY[6]:
				self.seen.update((v, w))
			if op in ("/", "%") and w == 0:
				raise Unknown("division by zero")
			v = OPS[op](v, w)
		return v

	def cond(self):
		v = self.binary(0)
		if self.peek() == "?":
			self.take()
			a = self.cond()
			if self.take() != ":":
				raise Unknown(":")
			b = self.cond()
			return a if v else b
		return v


def evaluate(toks, env, seen=None):
	"""The value of the expanded tokens, names looked up in env; the
	operands of each comparison go into seen."""
	e = _Evaluator(toks, env, seen)
	v = e.cond()
	if e.pos != len(toks):
		raise Unknown("trailing tokens")
	return v


def values_on_modern(text, macros=None):
	"""The set of values the #if condition text takes on the kernels
	that have module_param (every value of the names it does not fix),
	or None when it cannot be evaluated."""
	try:
		toks = expand(tokens(text), macros or {})
	except (Unknown, RecursionError):
		return None
	unknown = sorted({t[1] if isinstance(t, tuple) else t for t in toks
			  if (isinstance(t, tuple) and not t[1].startswith("module_param"))
			  or (isinstance(t, str) and re.match(r'[A-Za-z_]', t)
			      and t != "LINUX_VERSION_CODE")})
	if len(unknown) > MAX_UNKNOWN:
		return None
	# LINUX_VERSION_CODE where a comparison may change: each value a
	# comparison meets from 2.6.0 on and its neighbours (a version macro
	# computes its number, so the values come from evaluating)
	codes = {MODULE_PARAM_SINCE, LAST}
	for _ in range(3):
		got, seen = set(), set()
		try:
			for code in sorted(codes):
				for bits in itertools.product((0, 1), repeat=len(unknown)):
					given = dict(zip(unknown, bits))

					def env(t, code=code, given=given):
						if isinstance(t, tuple):
							return 1 if t[1].startswith("module_param") else given[t[1]]
						if t == "LINUX_VERSION_CODE":
							return code
						return given[t]
					got.add(bool(evaluate(toks, env, seen)))
		except (Unknown, KeyError, RecursionError, OverflowError, TypeError):
			return None
		more = codes | {c for s in seen for c in (s - 1, s, s + 1)
				if MODULE_PARAM_SINCE <= c <= LAST}
		if more == codes:
			break
		codes = more
	return got


def never_on_modern(text, macros=None):
	"""Is the condition false on every kernel with module_param?"""
	return values_on_modern(text, macros) == {False}


def always_on_modern(text, macros=None):
	"""Is the condition true on every kernel with module_param?"""
	return values_on_modern(text, macros) == {True}
