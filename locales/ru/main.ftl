app-title = Доска
