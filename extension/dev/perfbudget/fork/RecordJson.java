package dev.perfbudget.fork;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records to JSON and back, exactly, for what a fresh JVM sends its parent: every component by
 * its name, so that a component added to {@code Measurement} or its parts travels without a
 * change here. Doubles keep every bit (NaN and infinities as text); maps hold numbers, booleans
 * and text, as an arm's figures and a workload's parameters do.
 */
final class RecordJson {

  private RecordJson() {}

  static JsonElement write(Object value) {
    if (value == null) {
      return JsonNull.INSTANCE;
    }
    if (value instanceof Double d) {
      return Double.isFinite(d) ? new JsonPrimitive(d) : new JsonPrimitive(d.toString());
    }
    if (value instanceof Number || value instanceof Boolean || value instanceof String) {
      return value instanceof Number n ? new JsonPrimitive(n) : value instanceof Boolean b ? new JsonPrimitive(b) : new JsonPrimitive((String) value);
    }
    if (value instanceof Enum<?> e) {
      return new JsonPrimitive(e.name());
    }
    if (value instanceof double[] doubles) {
      JsonArray array = new JsonArray();
      for (double d : doubles) {
        array.add(write(d));
      }
      return array;
    }
    if (value instanceof Map<?, ?> map) {
      JsonObject object = new JsonObject();
      map.forEach((key, v) -> object.add(String.valueOf(key), write(v)));
      return object;
    }
    if (value instanceof List<?> list) {
      JsonArray array = new JsonArray();
      list.forEach(item -> array.add(write(item)));
      return array;
    }
    if (value.getClass().isRecord()) {
      JsonObject object = new JsonObject();
      for (RecordComponent component : value.getClass().getRecordComponents()) {
        try {
          object.add(component.getName(), write(component.getAccessor().invoke(value)));
        } catch (IllegalAccessException | InvocationTargetException e) {
          throw new IllegalStateException("cannot read " + component, e);
        }
      }
      return object;
    }
    throw new IllegalArgumentException("cannot write a " + value.getClass().getName() + " for the parent JVM");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object read(JsonElement json, Type type) {
    Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    if (json == null || json.isJsonNull()) {
      return raw.isPrimitive() ? defaultOf(raw) : null;
    }
    if (raw == double.class || raw == Double.class) {
      JsonPrimitive primitive = json.getAsJsonPrimitive();
      return primitive.isString() ? Double.parseDouble(primitive.getAsString()) : primitive.getAsDouble();
    }
    if (raw == long.class || raw == Long.class) {
      return json.getAsLong();
    }
    if (raw == int.class || raw == Integer.class) {
      return json.getAsInt();
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return json.getAsBoolean();
    }
    if (raw == String.class) {
      return json.getAsString();
    }
    if (raw.isEnum()) {
      return Enum.valueOf((Class<? extends Enum>) raw, json.getAsString());
    }
    if (raw == double[].class) {
      JsonArray array = json.getAsJsonArray();
      double[] doubles = new double[array.size()];
      for (int i = 0; i < doubles.length; i++) {
        doubles[i] = (double) read(array.get(i), double.class);
      }
      return doubles;
    }
    if (raw == Map.class) {
      Map<String, Object> map = new LinkedHashMap<>();
      json.getAsJsonObject().entrySet().forEach(entry -> map.put(entry.getKey(), plain(entry.getValue())));
      return map;
    }
    if (raw == List.class) {
      Type item = ((ParameterizedType) type).getActualTypeArguments()[0];
      List<Object> list = new ArrayList<>();
      json.getAsJsonArray().forEach(element -> list.add(read(element, item)));
      return list;
    }
    if (raw.isRecord()) {
      RecordComponent[] components = raw.getRecordComponents();
      Class<?>[] types = new Class<?>[components.length];
      Object[] values = new Object[components.length];
      JsonObject object = json.getAsJsonObject();
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
        JsonElement element = object.get(components[i].getName());
        if (element == null) {
          throw new IllegalArgumentException(raw.getSimpleName() + " has no `" + components[i].getName() + "` in " + object);
        }
        values[i] = read(element, components[i].getGenericType());
      }
      try {
        Constructor<?> constructor = raw.getDeclaredConstructor(types);
        return constructor.newInstance(values);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot create " + raw.getName(), e);
      }
    }
    throw new IllegalArgumentException("cannot read a " + type.getTypeName() + " from the fresh JVM");
  }

  /** A number, boolean or text of a map: whole numbers as {@code Long}, others as {@code Double}. */
  private static Object plain(JsonElement element) {
    if (element.isJsonNull()) {
      return null;
    }
    JsonPrimitive primitive = element.getAsJsonPrimitive();
    if (primitive.isBoolean()) {
      return primitive.getAsBoolean();
    }
    if (primitive.isNumber()) {
      String text = primitive.getAsString();
      boolean whole = text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
      return whole ? (Object) primitive.getAsLong() : (Object) primitive.getAsDouble();
    }
    return primitive.getAsString();
  }

  private static Object defaultOf(Class<?> primitive) {
    if (primitive == boolean.class) {
      return false;
    }
    if (primitive == double.class) {
      return Double.NaN;
    }
    return primitive == long.class ? (Object) 0L : (Object) 0;
  }
}
