app-title = Дошка
