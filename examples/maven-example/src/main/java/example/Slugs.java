package example;

import java.util.Locale;

/** Turns titles into URL slugs: "Hello, World!" becomes "hello-world". */
public final class Slugs {

  private Slugs() {}

  public static String slugify(String title) {
    StringBuilder slug = new StringBuilder(title.length());
    boolean dash = false;
    for (int i = 0; i < title.length(); i++) {
      char c = Character.toLowerCase(title.charAt(i));
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        if (dash && slug.length() > 0) {
          slug.append('-');
        }
        slug.append(c);
        dash = false;
      } else {
        dash = true;
      }
    }
    return slug.toString();
  }

  public static String lowerCase(String title) {
    return title.toLowerCase(Locale.ROOT);
  }
}
