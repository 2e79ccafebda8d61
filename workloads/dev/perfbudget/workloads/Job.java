package dev.perfbudget.workloads;

import java.nio.IntBuffer;

/**
 * One dispatch as declared: the kernel, the shared buffer, and how its {@code elements} split
 * into {@code workers} slices of nearly equal size (they differ by at most one element).
 */
record Job(Kernel kernel, SharedBuffer buffer, int elements, int rounds, int workers) {

  int from(int slice) {
    return (int) ((long) elements * slice / workers);
  }

  int to(int slice) {
    return from(slice + 1);
  }

  /** Runs one slice on the calling thread. */
  void runSlice(int slice, IntBuffer view) {
    kernel.run(view, from(slice), to(slice), rounds);
  }

  /** The same work with another number of elements, such as 0 to time the dispatch alone. */
  Job withElements(int otherElements) {
    return new Job(kernel, buffer, otherElements, rounds, workers);
  }

  String describeSlice(int slice) {
    return String.format("slice %d of %d (elements %d to %d)", slice, workers, from(slice), to(slice));
  }
}
