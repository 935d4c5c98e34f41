print("labelsnap: not built yet")
