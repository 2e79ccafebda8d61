package dev.perfbudget.workloads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every socket a process listens on, as another local user sees them in {@code /proc}: {@code
 * tcp:<port>} for TCP (IPv4 and IPv6), {@code unix:<path>} for Unix-domain sockets with a path.
 * Linux only.
 */
final class ListeningEndpoints {

  /** The {@code __SO_ACCEPTCON} flag of {@code /proc/net/unix}: a listening socket. */
  private static final int ACCEPTING = 0x10000;

  private ListeningEndpoints() {}

  static boolean available() {
    return Files.isDirectory(Path.of("/proc/self/fd")) && Files.isReadable(Path.of("/proc/net/unix"));
  }

  static Set<String> of(long pid) throws IOException {
    Set<String> inodes = socketInodes(pid);
    Set<String> endpoints = new TreeSet<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path file = Path.of(table);
      if (!Files.isReadable(file)) {
        continue;
      }
      List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
      for (String line : lines.subList(1, lines.size())) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length > 9 && fields[3].equals("0A") && inodes.contains(fields[9])) {
          String local = fields[1];
          endpoints.add("tcp:" + Integer.parseInt(local.substring(local.indexOf(':') + 1), 16));
        }
      }
    }
    List<String> unix = Files.readAllLines(Path.of("/proc/net/unix"), StandardCharsets.UTF_8);
    for (String line : unix.subList(1, unix.size())) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length > 7 && (Integer.parseInt(fields[3], 16) & ACCEPTING) != 0 && inodes.contains(fields[6])) {
        endpoints.add("unix:" + fields[7]);
      }
    }
    return endpoints;
  }

  private static Set<String> socketInodes(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
      for (Path fd : fds) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring("socket:[".length(), target.length() - 1));
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    }
    return inodes;
  }
}
