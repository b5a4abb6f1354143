# SPDX-License-Identifier: GPL-2.0-only
"""The kernel changes that break old drivers: one table, read by the
attribution of build errors (which change caused this line) and by the
patch stage (a change with a semantic patch is a migration).

A change is recognised by its compiler message (`messages`, regular
expressions over gcc's text) and, where the message alone is not enough
(an incomplete type, a name undeclared because its declaration failed),
by the source gcc shows with it (`context`: the error, its notes and
their source lines), or by the file declaring the undeclared name in an
old way (`declared_by`, a pattern with {name}).  A change's `headers`
are headers it removed: the attribution build gives them an empty
stand-in so that the errors behind them are seen too.

Adding a migration is one `.cocci` in cocci/port/ and its name in the
`cocci` field of its change; `manual` says what to do where no
mechanical conversion is right."""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
	id: str
	what: str			# what changed
	version: str			# the kernel version that changed it
	replacement: str
	reference: str			# upstream commit subject or Documentation file
	messages: tuple = ()		# regexes over the error message
	context: tuple = ()		# regexes over the error's notes and source lines
	declared_by: str = ""		# regex with {name}: the file declares it the old way
	headers: tuple = ()		# headers it removed (stand-ins for attribution)
	cocci: tuple = ()		# migrations: semantic patches in cocci/port/
	manual: str = ""		# what to do when nothing converts it
	weak: bool = False		# a consequence: tried after every other change's context


def _ids(*names):
	return tuple(r"\b%s\b" % n for n in names)


def implicit(*names):
	return tuple(r"implicit declaration of function ‘%s’" % n for n in names)


def undeclared(*names):
	return tuple(r"‘%s’ undeclared" % n for n in names)


CHANGES = (
	Change("linux-config-h", "<linux/config.h> removed (kbuild includes the configuration itself)",
	       "2.6.19", "delete the #include",
	       "Documentation/kbuild/makefiles.rst (include/generated/autoconf.h comes through -include linux/kconfig.h)",
	       messages=(r"linux/config\.h: No such file",), headers=("linux/config.h",),
	       cocci=("remove_config_h.cocci",)),
	Change("linux-autoconf-h", "<linux/autoconf.h> moved to <generated/autoconf.h>, included by kbuild",
	       "2.6.33", "delete the #include", "commit 'kbuild: move autoconf.h to include/generated'",
	       messages=(r"linux/autoconf\.h: No such file",), headers=("linux/autoconf.h",),
	       cocci=("remove_autoconf_h.cocci",)),
	Change("smp-lock-h", "the big kernel lock and <linux/smp_lock.h> removed", "2.6.39",
	       "a mutex of the driver's own where lock_kernel() guarded its state; delete the #include",
	       "commit 'BKL: That's all, folks'",
	       messages=(r"linux/smp_lock\.h: No such file",) + implicit("lock_kernel", "unlock_kernel"),
	       headers=("linux/smp_lock.h",), cocci=("remove_smp_lock_h.cocci",),
	       manual="replace lock_kernel()/unlock_kernel() by a mutex of the driver's own, "
		      "or delete them where .unlocked_ioctl or the open path needs no lock"),
	Change("asm-semaphore-h", "<asm/semaphore.h> moved to <linux/semaphore.h>", "2.6.26",
	       "#include <linux/semaphore.h>", "commit 'Generic semaphore implementation'",
	       messages=(r"asm/semaphore\.h: No such file",), headers=("asm/semaphore.h",),
	       cocci=("asm_semaphore_h.cocci",)),
	Change("mutex-emulation", "semaphore mutex emulation removed: DECLARE_MUTEX, init_MUTEX, "
	       "init_MUTEX_LOCKED", "2.6.37",
	       "DEFINE_SEMAPHORE(name) (6.1: one argument), sema_init(sem, 1), sema_init(sem, 0)",
	       "commit 'semaphore: Remove mutex emulation'",
	       messages=implicit("init_MUTEX", "init_MUTEX_LOCKED") +
	       (r"in declaration of ‘DECLARE_MUTEX’", r"‘DECLARE_MUTEX’ declared"),
	       declared_by=r"DECLARE_MUTEX\s*\(\s*{name}\s*\)", cocci=("mutex_emulation.cocci",)),
	Change("devinit", "__devinit, __devexit, __devinitdata, __devexit_p removed (hotplug is always on)",
	       "3.8", "delete the annotation; __devexit_p(f) becomes f",
	       "commit 'Drivers: remove __dev* attributes.' (include/linux/init.h)",
	       messages=implicit("__devexit_p") +
	       (r"before ‘__dev(init|exit)(data|const)?’",),
	       context=(r"__dev(init|exit)(data|const)?\b",),
	       declared_by=r"__dev(init|exit)(data|const)?\s+\**\s*{name}\b",
	       cocci=("devinit.cocci",),
	       manual="delete __devinit, __devexit, __devinitdata and __devinitconst; "
		      "__devexit_p(f) becomes f"),
	Change("f-dentry", "struct file's f_dentry macro removed", "3.19",
	       "file->f_path.dentry, or file_inode(file) for the inode",
	       "commit 'kill f_dentry macro'",
	       messages=(r"has no member named ‘f_dentry’",), cocci=("f_dentry.cocci",)),
	Change("fops-ioctl", "file_operations.ioctl (called under the BKL) removed", "2.6.36",
	       ".unlocked_ioctl = long f(struct file *, unsigned int, unsigned long), "
	       "with a lock of the driver's own where the BKL protected something",
	       "Documentation/filesystems/locking.rst",
	       messages=(r"‘struct file_operations’ has no member named ‘ioctl’",
			 r"from incompatible pointer type ‘int \(\*\)\(struct inode \*, struct file \*, unsigned int,\s+long unsigned int\)’"),
	       context=(r"\.ioctl\s*=",),
	       manual="rename .ioctl to .unlocked_ioctl and drop the handler's struct inode * "
		      "argument; take a mutex where the big kernel lock guarded state"),
	Change("timeval", "struct timeval, struct timespec and do_gettimeofday() removed from the kernel (y2038)",
	       "5.0 (do_gettimeofday), 5.6 (struct timeval)",
	       "struct timespec64 with ktime_get_real_ts64(), or ktime_t with ktime_get()",
	       "Documentation/core-api/timekeeping.rst (do_gettimeofday: commit e4b92b108c6c)",
	       messages=implicit("do_gettimeofday") + (r"undefined type ‘struct timeval’",),
	       context=(r"struct timeval\b", r"struct timespec\b"),
	       cocci=("timeval.cocci",),
	       manual="keep kernel-internal times as struct timespec64 (ktime_get_real_ts64(), "
		      "tv_nsec / NSEC_PER_USEC for tv_usec) or ktime_t (ktime_get()); a v4l2_buffer "
		      "timestamp is set by v4l2_buffer_set_timestamp(buf, ktime_get_ns()); a timeval "
		      "user space sees stays one as struct __kernel_old_timeval, filled by "
		      "ns_to_kernel_old_timeval(ktime_get_real_ns())"),
	Change("procfs", "create_proc_entry, create_proc_read_entry, read_proc/write_proc removed; "
	       "struct proc_dir_entry opaque", "3.10",
	       "proc_create(name, mode, parent, proc_ops) with seq_file (struct proc_ops since 5.6), "
	       "PDE_DATA() then pde_data()",
	       "Documentation/filesystems/seq_file.rst; commit d56c0d45f0e2 "
	       "'proc: decouple proc from VFS with \"struct proc_ops\"'",
	       messages=implicit("create_proc_entry", "create_proc_read_entry", "PDE") +
	       (r"undefined type ‘struct proc_dir_entry’",),
	       context=(r"\bPDE\s*\(", r"->(read|write)_proc\b"),
	       cocci=("proc_read_single.cocci",),
	       manual="a reader that prints less than a page: a show function "
		      "int f(struct seq_file *m, void *v) printing with seq_printf(m, ...) "
		      "and proc_create_single_data(name, mode, parent, f, data) (data is "
		      "m->private); one that pages by off/*start, or create_proc_entry() with "
		      "->read_proc/->write_proc: proc_create_data() with a struct proc_ops "
		      "(.proc_open calling single_open(), .proc_read = seq_read, .proc_lseek = "
		      "seq_lseek, .proc_release = single_release, .proc_write taking "
		      "(struct file *, const char __user *, size_t, loff_t *))"),
	Change("timer-setup", "init_timer/setup_timer and timer_list.data removed; the callback "
	       "takes the struct timer_list *", "4.15",
	       "timer_setup(timer, callback, flags) and from_timer() in the callback",
	       "commit 'timer: Remove init_timer() interface'",
	       messages=implicit("init_timer", "setup_timer", "init_timer_deferrable", "setup_timer_on_stack")
	       + (r"‘struct timer_list’ has no member named ‘data’",
		  r"‘void \(\*\)\(struct timer_list \*\)’ from incompatible pointer type ‘void \(\*\)\(long unsigned int\)’"),
	       manual="call timer_setup(&t, fn, 0) and recover the object with from_timer(p, t, field) "
		      "in a callback taking struct timer_list *",
	       cocci=("timer_setup.cocci", "init_timer.cocci")),
	Change("irqf", "SA_* interrupt flags renamed IRQF_*", "2.6.24", "SA_SHIRQ -> IRQF_SHARED, "
	       "SA_INTERRUPT -> IRQF_DISABLED (a no-op since 2.6.35: drop it), SA_SAMPLE_RANDOM -> 0",
	       "commit 'Remove deprecated SA_* interrupt flags' (include/linux/interrupt.h)",
	       messages=undeclared("SA_SHIRQ", "SA_INTERRUPT", "SA_SAMPLE_RANDOM", "IRQF_DISABLED"),
	       cocci=("irqf.cocci",)),
	Change("irq-pt-regs", "interrupt handlers lost their struct pt_regs * argument", "2.6.19",
	       "irqreturn_t handler(int irq, void *dev_id); get_irq_regs() where the registers are needed",
	       "commit 'IRQ: Maintain regs pointer globally rather than passing to IRQ handlers'",
	       messages=(r"irq_handler_t.*from incompatible pointer type.*struct pt_regs",
			 r"passing argument 2 of ‘request_irq’ from incompatible pointer type",),
	       cocci=("irq_pt_regs.cocci",),
	       manual="drop the handler's struct pt_regs * parameter; call get_irq_regs() "
		      "where it read the registers"),
	Change("init-work", "INIT_WORK/PREPARE_WORK lost the data argument; the handler takes the "
	       "struct work_struct *", "2.6.20", "INIT_WORK(work, fn) and container_of() in fn",
	       "commit 'WorkStruct: Pass the work_struct pointer instead of context data'",
	       messages=(r"macro \"(INIT_WORK|PREPARE_WORK|INIT_DELAYED_WORK)\" passed 3 arguments",),
	       cocci=("init_work.cocci",),
	       manual="give the handler a struct work_struct * and find its object with container_of()"),
	Change("delayed-work", "cancel_rearming_delayed_work(queue) removed", "2.6.37",
	       "cancel_delayed_work_sync()", "include/linux/workqueue.h",
	       messages=implicit("cancel_rearming_delayed_workqueue", "cancel_rearming_delayed_work"),
	       cocci=("cancel_rearming.cocci",)),
	Change("usb-buffer", "usb_buffer_alloc/usb_buffer_free renamed", "2.6.35",
	       "usb_alloc_coherent/usb_free_coherent", "commit 'USB: rename usb_buffer_alloc() and "
	       "usb_buffer_free() users'", messages=implicit("usb_buffer_alloc", "usb_buffer_free"),
	       cocci=("usb_buffer_alloc.cocci",)),
	Change("usb-printk", "USB's err(), warn(), info(), dbg() macros removed", "2.6.32 (dbg 3.8)",
	       "dev_err/dev_warn/dev_info/dev_dbg on the interface's device, or pr_err/pr_warn/pr_info/pr_debug",
	       "commit 'USB: remove err() macro' (include/linux/usb.h)",
	       messages=implicit("err", "warn", "info", "dbg"),
	       manual="use dev_err(&intf->dev, ...) where a device is at hand, else pr_err()",
	       cocci=("usb_printk.cocci",)),
	Change("netdev-priv", "net_device.priv removed", "2.6.29", "netdev_priv(dev)",
	       "commit 'netdevice: safe convert to netdev_priv() #part-1'",
	       messages=(r"‘struct net_device’ has no member named ‘priv’",),
	       cocci=("netdev_priv.cocci",),
	       manual="netdev_priv(dev) is the area alloc_netdev()/alloc_etherdev() allocated: "
		      "allocate the net_device with sizeof the private struct and read it with "
		      "netdev_priv(dev), or keep the driver's own pointer in that area"),
	Change("pci-dma-compat", "the pci_* DMA wrappers (pci-dma-compat.h) removed", "5.18",
	       "dma_* on &pdev->dev (pci_alloc_consistent -> dma_alloc_coherent with GFP_ATOMIC), "
	       "PCI_DMA_* -> DMA_*",
	       "commit 7968778914e5 'PCI: Remove the deprecated \"pci-dma-compat.h\" API'",
	       messages=implicit("pci_alloc_consistent", "pci_zalloc_consistent", "pci_free_consistent",
				 "pci_map_single", "pci_unmap_single", "pci_map_page", "pci_unmap_page",
				 "pci_map_sg", "pci_unmap_sg", "pci_set_dma_mask",
				 "pci_set_consistent_dma_mask", "pci_dma_sync_single_for_cpu",
				 "pci_dma_sync_single_for_device", "pci_dma_sync_sg_for_cpu",
				 "pci_dma_sync_sg_for_device", "pci_dma_mapping_error") +
	       undeclared("PCI_DMA_TODEVICE", "PCI_DMA_FROMDEVICE", "PCI_DMA_BIDIRECTIONAL", "PCI_DMA_NONE"),
	       cocci=("pci_dma_compat.cocci",),
	       manual="call the dma_* function on the struct device that does the DMA "
		      "(&pdev->dev); a NULL device has none: pass the device's own"),
	Change("access-ok", "access_ok() lost its type argument", "5.0",
	       "access_ok(addr, size)",
	       "commit 96d4f267e40f 'Remove 'type' argument from access_ok() function'",
	       messages=(r"macro \"access_ok\" passed 3 arguments",) + undeclared("VERIFY_READ", "VERIFY_WRITE"),
	       cocci=("access_ok.cocci",),
	       manual="drop the first argument of access_ok() (keep any side effect it had "
		      "as a statement before the call)"),
	Change("v4l1", "Video4Linux 1 (<linux/videodev.h>, VIDIOCGCAP...) removed", "2.6.38",
	       "the V4L2 API (<media/v4l2-dev.h>, <media/v4l2-ioctl.h>)",
	       "Documentation/driver-api/media/v4l2-core.rst",
	       messages=(r"linux/videodev\.h: No such file",) + undeclared("VIDIOCGCAP", "VID_TYPE_CAPTURE"),
	       manual="V4L1 cannot be converted mechanically: rewrite the video interface on "
		      "V4L2 (struct video_device with v4l2_ioctl_ops, videobuf2 for buffers)"),
	Change("v4l2-grabber", "VFL_TYPE_GRABBER renamed VFL_TYPE_VIDEO", "5.7", "VFL_TYPE_VIDEO",
	       "commit 'media: v4l2-dev: rename VFL_TYPE_GRABBER to _VIDEO'",
	       messages=undeclared("VFL_TYPE_GRABBER"), cocci=("vfl_type_grabber.cocci",)),
	Change("v4l2-fops-ioctl", "v4l2_file_operations.ioctl, compat_ioctl and v4l2_device.ioctl_lock "
	       "removed; v4l_compat_ioctl32 renamed", "3.19",
	       ".unlocked_ioctl = video_ioctl2 with video_device.lock",
	       "Documentation/driver-api/media/v4l2-dev.rst",
	       messages=(r"‘struct v4l2_file_operations’ has no member named",
			 r"‘struct v4l2_device’ has no member named ‘ioctl_lock’") + undeclared("v4l_compat_ioctl32"),
	       manual="use .unlocked_ioctl = video_ioctl2 and set video_device.lock"),
	Change("module-supported-device", "MODULE_SUPPORTED_DEVICE removed", "5.12", "delete it",
	       "commit 'module: remove never implemented MODULE_SUPPORTED_DEVICE'",
	       messages=(r"expected declaration specifiers or ‘...’ before string constant",),
	       context=(r"MODULE_SUPPORTED_DEVICE",), cocci=("module_supported_device.cocci",)),
	Change("kernel-param-const", "module_param_call handlers take const struct kernel_param *",
	       "2.6.36", "int set(const char *, const struct kernel_param *), int get(char *, const "
	       "struct kernel_param *)", "include/linux/moduleparam.h",
	       messages=(r"from incompatible pointer type ‘int \(\*\)\((const )?char \*, struct kernel_param \*\)’",),
	       cocci=("../modparm_call_const.cocci",)),
	Change("uart-port", "serial core: uart_port.info became .state (2.6.32), .timeout moved to "
	       "uart_port's frame time (5.19), set_termios's old termios const (6.1), "
	       "UPIO_DWAPB and PORT_MAX_8250 removed", "2.6.32-6.1",
	       "port->state->port.tty, uart_fifo_timeout(port), const struct ktermios *old",
	       "Documentation/driver-api/serial/driver.rst",
	       messages=(r"‘struct uart_port’ has no member named",) + undeclared("UPIO_DWAPB", "PORT_MAX_8250")
	       + (r"‘void \(\*\)\(struct uart_port \*, struct ktermios \*, const struct ktermios \*\)’",),
	       context=(r"\bPORT_MAX_8250\b", r"\bUPIO_DWAPB\b"),
	       manual="follow drivers/tty/serial/8250 of the target kernel: a fork of the 8250 "
		      "driver is best rebased onto it or turned into an 8250 quirk"),
	Change("tty-flip-port", "tty_flip_buffer_push() and friends take the struct tty_port *",
	       "3.9", "tty_flip_buffer_push(&port->state->port)", "include/linux/tty_flip.h",
	       messages=(r"passing argument 1 of ‘tty_(flip_buffer_push|insert_flip_char|insert_flip_string|buffer_request_room)’",)),
	Change("tty-ops", "tty_operations signatures: ioctl/tiocmget/tiocmset lost the struct file * "
	       "(2.6.39), break_ctl returns int (2.6.27), write_room/chars_in_buffer return unsigned int "
	       "(5.14), set_termios takes a const struct ktermios * (6.1)", "2.6.39..6.1",
	       "the handler with the signature include/linux/tty_driver.h gives struct tty_operations",
	       "include/linux/tty_driver.h (commits 'tty: now phase out the ioctl file pointer for good', "
	       "'tty: make tty_operations::write_room return uint', 'tty: Make ->set_termios() old ktermios const')",
	       messages=(r"from incompatible pointer type ‘[^’]*\(\*\)\(struct tty_struct \*",),
	       manual="give the handler the signature struct tty_operations has in include/linux/tty_driver.h"),
	Change("tty-termios", "tty_struct.termios became a struct ktermios (was a pointer)", "3.7",
	       "&tty->termios, or tty->termios.c_cflag", "commit 'tty: move the termios object into the tty'",
	       messages=(r"have ‘struct ktermios’ and", r"to type ‘struct ktermios \*’ from type ‘struct ktermios’",
			 r"invalid type argument of ‘->’ \(have ‘struct ktermios’\)"),
	       manual="use &tty->termios where a pointer was taken and tty->termios.c_cflag for fields"),
	Change("tty-low-latency", "tty_struct.low_latency moved to the tty_port", "3.9",
	       "tty_port.low_latency (the driver's struct tty_port)", "commit 'TTY: move low_latency to tty_port'",
	       messages=(r"‘struct tty_struct’ has no member named ‘low_latency’",),
	       manual="set port->low_latency on the driver's struct tty_port, or drop it"),
	Change("tty-alloc-driver", "alloc_tty_driver() and put_tty_driver() removed", "5.15",
	       "tty_alloc_driver(lines, flags) (returns ERR_PTR) and tty_driver_kref_put()",
	       "commits 'tty: drop alloc_tty_driver' and 'tty: drop put_tty_driver'",
	       messages=implicit("alloc_tty_driver", "put_tty_driver"),
	       manual="call tty_alloc_driver(n, flags) and test IS_ERR(); tty_driver_kref_put() for put_tty_driver()"),
	Change("unregister-chrdev-void", "unregister_chrdev() returns void", "2.6.23",
	       "call it as a statement; it cannot fail", "commit 'unregister_chrdev(): return void'",
	       messages=(r"void value not ignored as it ought to be",),
	       context=(r"=\s*unregister_chrdev\s*\(",), weak=True,
	       manual="drop the result of unregister_chrdev() and the error path that tested it"),
	Change("urb-no-fsbr", "URB_NO_FSBR (a UHCI-only hint) removed from the URB transfer_flags",
	       "before 6.1 (version not checked)", "drop the flag",
	       "include/linux/usb.h (URB_* transfer_flags)",
	       messages=undeclared("URB_NO_FSBR"),
	       manual="drop URB_NO_FSBR from transfer_flags"),
	Change("acpi-remove", "acpi_driver .remove lost its type argument", "3.9",
	       "int remove(struct acpi_device *) (void since 6.2)", "include/acpi/acpi_bus.h",
	       messages=(r"‘int \(\*\)\(struct acpi_device \*\)’ from incompatible pointer type ‘int \(\*\)\(struct acpi_device \*, int\)’",),
	       cocci=("acpi_remove.cocci",),
	       manual="the handler reads the removed type argument: decide without it"),
	Change("backlight-props", "backlight_device_register() takes a struct backlight_properties *",
	       "2.6.34", "backlight_device_register(name, parent, data, ops, &props)",
	       "Documentation/gpu/backlight.rst",
	       messages=(r"too few arguments to function ‘backlight_device_register’",),
	       cocci=("backlight_props.cocci",)),
	Change("force-sig", "force_sig() lost its task argument (it signals current)", "5.3",
	       "force_sig(sig); send_sig(sig, task, 1) for another task",
	       "commit 'signal: Remove task parameter from force_sig'",
	       messages=(r"too many arguments to function ‘force_sig’",)),
	Change("usb-maxpacket", "usb_maxpacket() lost its is_out argument", "5.19",
	       "usb_maxpacket(udev, pipe)", "commit 'USB: core: remove the is_out argument of usb_maxpacket()'",
	       messages=(r"too many arguments to function ‘usb_maxpacket’",)),
	Change("preempt-no-resched", "preempt_enable_no_resched() no longer available to modules",
	       "3.14", "preempt_enable()", "include/linux/preempt.h",
	       messages=implicit("preempt_enable_no_resched")),
	Change("set-fs", "set_fs()/get_fs() and KERNEL_DS removed on x86", "5.10",
	       "kernel_read()/kernel_write(), copy_from_kernel_nofault(), or an in-kernel API",
	       "commit 'uaccess: remove set_fs()'",
	       messages=implicit("set_fs", "get_fs", "get_ds") + undeclared("KERNEL_DS", "USER_DS"),
	       manual="set_fs cannot be converted mechanically: call the in-kernel API "
		      "(kernel_read, kernel_write, a function taking a kernel pointer) instead"),
	Change("randstruct-designated", "kernel operation structs need designated initializers "
	       "(randstruct)", "4.13", "name every member: .open = f",
	       "Documentation/process/deprecated.rst",
	       messages=(r"positional initialization of field in ‘struct’ declared with ‘designated_init’",),
	       weak=True),
)

BY_ID = {c.id: c for c in CHANGES}

# the headers some change removed, to stand in for during attribution
REMOVED_HEADERS = {h: c.id for c in CHANGES for h in c.headers}

_COMPILED = {}


def _rx(pattern):
	r = _COMPILED.get(pattern)
	if r is None:
		r = _COMPILED[pattern] = re.compile(pattern)
	return r


# a name whose declaration failed: undeclared, or the parse error at it
UNDECLARED = re.compile(r"‘(\w+)’ undeclared|expected .* before ‘(\w+)’$")


def attribute(message, context, filetext):
	"""The change that caused the error message (its notes and source
	lines in context, filetext the text of the file it names), or None."""
	for c in CHANGES:
		if not c.weak and any(_rx(p).search(message) for p in c.messages):
			return c
	for c in CHANGES:
		if c.context and any(_rx(p).search(context) for p in c.context):
			return c
	m = UNDECLARED.search(message)
	if m and filetext:
		name = re.escape(m.group(1) or m.group(2))
		for c in CHANGES:
			if c.declared_by and _rx(c.declared_by.format(name=name)).search(filetext):
				return c
	# a weak change with context regexes is only ever its context's: its
	# message is too common to name the cause alone
	for c in CHANGES:
		if c.weak and not c.context and any(_rx(p).search(message) for p in c.messages):
			return c
	return None
