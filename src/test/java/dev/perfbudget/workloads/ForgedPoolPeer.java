package dev.perfbudget.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Another local process posing as pool children: for each endpoint it is given it opens one
 * connection per forgery (an index alone, as the old protocol took it; guessed secrets with
 * index 0, 1, out of range and negative, each followed by fake "OK" answers; and a silent one),
 * prints {@code SENT}, then reports for each connection how many bytes the pool sent it before
 * closing it. A pool that took a forged connection would send it commands.
 */
public final class ForgedPoolPeer {

  private ForgedPoolPeer() {}

  public static void main(String[] args) throws Exception {
    SecureRandom random = new SecureRandom();
    Map<String, byte[]> forgeries = new LinkedHashMap<>();
    forgeries.put("index-only", ByteBuffer.allocate(4 + 64).putInt(0).array());
    for (int index : new int[] {0, 1, 99, -1}) {
      byte[] guess = new byte[PoolListener.SECRET_BYTES];
      random.nextBytes(guess);
      forgeries.put("guessed-secret-index-" + index,
          ByteBuffer.allocate(PoolListener.HELLO_BYTES + 64).put(guess).putInt(index).array());
    }
    forgeries.put("silent", new byte[0]);

    List<String> labels = new ArrayList<>();
    List<Connection> connections = new ArrayList<>();
    for (String endpoint : args) {
      for (Map.Entry<String, byte[]> forgery : forgeries.entrySet()) {
        String label = endpoint + " " + forgery.getKey();
        try {
          Connection connection = Connection.open(endpoint);
          connection.out.write(forgery.getValue());
          connection.out.flush();
          labels.add(label);
          connections.add(connection);
        } catch (IOException e) {
          System.out.println(label + " refused");
        }
      }
    }
    System.out.println("SENT");
    System.out.flush();
    for (int i = 0; i < connections.size(); i++) {
      Connection connection = connections.get(i);
      long received = 0;
      boolean closed = false;
      try {
        byte[] buffer = new byte[256];
        for (int n = connection.in.read(buffer); ; n = connection.in.read(buffer)) {
          if (n < 0) {
            closed = true;
            break;
          }
          received += n;
        }
      } catch (IOException e) {
        closed = true; // reset by the pool
      }
      System.out.println(labels.get(i) + " received=" + received + " closed=" + closed);
      connection.close();
    }
  }

  private record Connection(AutoCloseable resource, InputStream in, OutputStream out) {
    static Connection open(String endpoint) throws IOException {
      if (endpoint.startsWith("unix:")) {
        SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(endpoint.substring(5)));
        return new Connection(channel, Channels.newInputStream(channel), Channels.newOutputStream(channel));
      }
      Socket socket = new Socket();
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(endpoint.substring(4))), 2000);
      socket.setSoTimeout(20_000);
      return new Connection(socket, socket.getInputStream(), socket.getOutputStream());
    }

    void close() throws Exception {
      resource.close();
    }
  }
}
