# SPDX-License-Identifier: GPL-2.0
#
# The profiling workloads, in the order guest/profile-set writes their slots:
# each class alone, then all of them in turn ("mixed", the workload the
# list is for), in the training boot; "mixed" again in the held-out boot.
# Long runs: the benchmark's hot set reaches down to functions with a
# few dozen samples, and both the list and that hot set are only as good
# as their sample counts (1000 ticks a second at most).
TRAIN_CLASSES   := fork exec tmpfs disk pipe unix signal stat
TRAIN_SECONDS   := 200
MIXED_SECONDS   := 600
HOLDOUT_CLASSES := mixed
HOLDOUT_SECONDS := 600
