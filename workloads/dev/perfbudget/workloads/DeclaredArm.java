package dev.perfbudget.workloads;

import dev.perfbudget.WorkloadDeclarationException;

/**
 * One arm as a method body declares it, a name and what it runs, declared once: the checks
 * every workload kind makes of its baseline and its candidate, with the same messages.
 *
 * @param <T> what the arm runs: an op, a pool, an allocator, a main class
 */
final class DeclaredArm<T> {

  private final String role;
  private String name;
  private T value;
  private boolean declared;

  /** An arm that is {@code role} ({@code baseline} or {@code candidate}), not yet declared. */
  DeclaredArm(String role) {
    this.role = role;
  }

  /** An arm with a default, which the method body may replace once. */
  DeclaredArm(String role, String defaultName, T defaultValue) {
    this(role);
    this.name = defaultName;
    this.value = defaultValue;
  }

  /** Declares the arm; a second declaration or a blank name is a declaration error. */
  void declare(String name, T value) {
    if (declared) {
      throw new WorkloadDeclarationException(
          role + " is declared twice (\"" + this.name + "\" and \"" + name + "\"); declare one " + role);
    }
    this.name = checkName(name, role);
    this.value = value;
    this.declared = true;
  }

  String name() {
    return name;
  }

  /** What the arm runs; without a declaration (or a default), an error saying which call declares it. */
  T required(String howToDeclare) {
    if (value == null) {
      throw new WorkloadDeclarationException(
          "no " + role + " is declared; call " + howToDeclare + " in the method body");
    }
    return value;
  }

  /** What the arm runs, or null when nothing is declared yet. */
  T valueOrNull() {
    return value;
  }

  /**
   * {@code value}, or a declaration error naming this arm when it is null: {@code what} says
   * what it should have been and gives an example, such as {@code op, such as () -> ...}.
   */
  <V> V nonNull(String name, V value, String what) {
    if (value == null) {
      throw new WorkloadDeclarationException(
          "the " + role + " \"" + name + "\" is declared with a null " + what);
    }
    return value;
  }

  static String checkName(String name, String role) {
    if (name == null || name.isBlank()) {
      throw new WorkloadDeclarationException("the " + role + " needs a name that is not blank");
    }
    return name;
  }
}
