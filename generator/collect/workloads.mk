# SPDX-License-Identifier: GPL-2.0
#
# The profiling workloads, in the order guest/profile-set runs them: each
# class alone, then all of them in turn ("mixed", the workload the list
# is for), in the training boot; "mixed" three times in the held-out
# boot, so that held-out measures pool three runs.
# Under -icount a guest second is 10^9 instructions, and the plugin's
# counts are exact: there is no sampling noise to average out, only the
# workload's own variation, so short runs do.  One emulated second costs
# about half a minute of host time.
TRAIN_CLASSES   := fork exec tmpfs disk pipe unix signal stat
TRAIN_SECONDS   := 2
MIXED_SECONDS   := 8
HOLDOUT_CLASSES := mixed mixed mixed
HOLDOUT_SECONDS := 3
